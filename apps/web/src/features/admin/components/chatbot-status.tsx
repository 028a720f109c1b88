import clsx from 'clsx';

type StatusInput = {
  enabled: boolean;
  staff_disabled_at: string | null;
  staff_disabled_reason: string | null;
};

// 'Disabled' is staff's switch, which wins over the owner's own: the bot answers nowhere either
// way, but only staff can lift theirs.
export function chatbotStatus(bot: StatusInput) {
  if (bot.staff_disabled_at) return { label: 'Disabled', tone: 'bad' as const };
  if (!bot.enabled) return { label: 'Off by owner', tone: 'off' as const };
  return { label: 'Active', tone: 'good' as const };
}

const tones = {
  bad: 'bg-red-50 text-red-800 ring-red-200',
  off: 'bg-slate-100 text-slate-700 ring-slate-200',
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
};

export function ChatbotStatusBadge({ bot }: { bot: StatusInput }) {
  const status = chatbotStatus(bot);
  return (
    <span
      title={
        bot.staff_disabled_reason ? `Disabled by staff: ${bot.staff_disabled_reason}` : undefined
      }
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        tones[status.tone],
      )}
    >
      {status.label}
    </span>
  );
}
