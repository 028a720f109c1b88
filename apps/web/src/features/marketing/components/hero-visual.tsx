import { Bot, TrendingUp, UserPlus } from 'lucide-react';

const stats = [
  { label: 'Chats', value: '1,284', change: '+18%' },
  { label: 'Leads', value: '312', change: '+24%' },
  { label: 'AI resolved', value: '87%', change: '+6%' },
];

// A drawn preview of the product, so the hero needs no screenshot or external image.
export function HeroVisual() {
  return (
    <div
      role="img"
      aria-label="Preview of the Askwell dashboard with live conversation and lead statistics and a chat answering a visitor"
      className="relative mx-auto w-full max-w-xl lg:max-w-none"
    >
      <div className="rounded-2xl bg-white/70 p-2 shadow-2xl shadow-brand-900/15 ring-1 ring-slate-200 backdrop-blur">
        <div className="overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
          <div className="flex items-center gap-2 border-b border-slate-100 px-4 py-3">
            <span className="size-2.5 rounded-full bg-red-300" />
            <span className="size-2.5 rounded-full bg-amber-300" />
            <span className="size-2.5 rounded-full bg-green-300" />
            <span className="ml-3 h-5 flex-1 rounded-md bg-slate-100" />
          </div>
          <div className="p-5 sm:p-6">
            <div className="flex items-center justify-between">
              <div>
                <p className="text-sm font-semibold text-slate-900">Overview</p>
                <p className="text-xs text-slate-600">Last 30 days</p>
              </div>
              <span className="inline-flex items-center gap-1.5 rounded-full bg-green-50 px-2.5 py-1 text-xs font-semibold text-green-800">
                <span className="size-1.5 rounded-full bg-green-600" />
                Live
              </span>
            </div>
            <div className="mt-5 grid grid-cols-3 gap-3">
              {stats.map((stat) => (
                <div key={stat.label} className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-100">
                  <p className="truncate text-[11px] font-medium text-slate-600 sm:text-xs">
                    {stat.label}
                  </p>
                  <p className="mt-1 text-lg font-bold text-slate-900 sm:text-xl">{stat.value}</p>
                  <p className="mt-0.5 flex items-center gap-1 text-[11px] font-semibold text-green-700">
                    <TrendingUp className="size-3" />
                    {stat.change}
                  </p>
                </div>
              ))}
            </div>
            <svg viewBox="0 0 400 120" className="mt-5 h-28 w-full" preserveAspectRatio="none">
              <defs>
                <linearGradient id="hero-chart-fill" x1="0" x2="0" y1="0" y2="1">
                  <stop offset="0%" stopColor="#1E40AF" stopOpacity="0.25" />
                  <stop offset="100%" stopColor="#1E40AF" stopOpacity="0" />
                </linearGradient>
              </defs>
              <path d="M0 30H400M0 60H400M0 90H400" stroke="#e2e8f0" strokeWidth="1" />
              <path
                d="M0 96 C40 90 60 70 100 74 S160 88 200 62 S270 40 300 46 S360 22 400 14 V120 H0Z"
                fill="url(#hero-chart-fill)"
              />
              <path
                d="M0 96 C40 90 60 70 100 74 S160 88 200 62 S270 40 300 46 S360 22 400 14"
                fill="none"
                stroke="#1E40AF"
                strokeWidth="3"
                strokeLinecap="round"
              />
            </svg>
          </div>
        </div>
      </div>

      <div className="absolute -bottom-8 -left-2 w-64 rounded-2xl bg-white p-4 shadow-xl shadow-slate-900/10 ring-1 ring-slate-200 motion-safe:animate-float sm:-left-8 sm:w-72">
        <div className="flex items-center gap-2">
          <span className="flex size-7 items-center justify-center rounded-full bg-brand-800 text-white">
            <Bot className="size-4" />
          </span>
          <p className="text-sm font-semibold text-slate-900">Askwell Assistant</p>
        </div>
        <p className="mt-3 rounded-xl rounded-tl-sm bg-slate-100 px-3 py-2 text-sm text-slate-800">
          Our Premium plan includes multiple chatbots. Want me to send you a quote?
        </p>
      </div>

      <div className="absolute -top-5 -right-2 hidden items-center gap-3 rounded-xl bg-white px-4 py-3 shadow-lg shadow-slate-900/10 ring-1 ring-slate-200 sm:flex [animation-delay:1.5s] motion-safe:animate-float">
        <span className="flex size-8 items-center justify-center rounded-lg bg-green-100 text-green-800">
          <UserPlus className="size-4" />
        </span>
        <div>
          <p className="text-sm font-semibold text-slate-900">New lead captured</p>
          <p className="text-xs text-slate-600">Sent to your sales team</p>
        </div>
      </div>
    </div>
  );
}
