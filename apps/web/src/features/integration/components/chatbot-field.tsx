import type { BotSummary } from '@askwell/shared';
import { Link } from 'react-router';

import { controlStyles, FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';

import { linkClass } from '../lib/link-class';

// The chatbot whose id fills the examples of both integration tabs.
export function ChatbotField({
  id,
  loading,
  bots,
  selected,
  onSelect,
  emptyHint,
}: {
  id: string;
  loading: boolean;
  bots: BotSummary[];
  selected: BotSummary | null;
  onSelect: (botId: string) => void;
  // Ends the sentence "You have no chatbot yet. Create one …".
  emptyHint: string;
}) {
  return (
    <FormField id={id} label="Chatbot" hint={selected ? `Bot id: ${selected.id}` : undefined}>
      {(a11y) =>
        loading ? (
          <p className="flex h-11 items-center gap-2 text-sm text-slate-600">
            <Spinner className="size-4" /> Loading your chatbots...
          </p>
        ) : bots.length === 0 ? (
          <p className="text-sm text-slate-600">
            You have no chatbot yet.{' '}
            <Link to="/dashboard/bots/new" className={linkClass}>
              Create one
            </Link>{' '}
            {emptyHint}
          </p>
        ) : (
          <select
            {...a11y}
            value={selected?.id}
            onChange={(event) => onSelect(event.target.value)}
            className={controlStyles(false)}
          >
            {bots.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        )
      }
    </FormField>
  );
}
