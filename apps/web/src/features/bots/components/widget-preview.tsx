import type { WidgetConfig } from '@askwell/shared';
import { Bot, MessageCircle, Send, X } from 'lucide-react';

type WidgetPreviewProps = {
  name: string;
  config: WidgetConfig;
  starterQuestions: string[];
};

// A static rendering of the embedded widget, open, as a visitor would see it.
export function WidgetPreview({ name, config, starterQuestions }: WidgetPreviewProps) {
  const questions = starterQuestions.filter((question) => question.trim());
  return (
    <figure
      className="rounded-2xl bg-slate-100 p-4 ring-1 ring-slate-200 sm:p-5"
      data-testid="widget-preview"
    >
      <figcaption className="mb-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        Live preview
      </figcaption>
      <div
        className="flex flex-col items-end gap-3"
        style={{ fontFamily: config.fontFamily, color: config.textColor }}
        aria-hidden="true"
      >
        <div className="flex w-full max-w-sm flex-col overflow-hidden rounded-2xl bg-white shadow-xl shadow-slate-900/10 ring-1 ring-slate-200">
          <div
            className="flex items-center gap-3 px-4 py-3 text-white"
            style={{ backgroundColor: config.primaryColor }}
          >
            <span className="flex size-8 items-center justify-center rounded-full bg-white/20">
              <Bot className="size-4" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold">{name.trim() || 'Your chatbot'}</p>
              <p className="text-xs">Online</p>
            </div>
            <X className="size-4 opacity-80" />
          </div>
          <div className="flex min-h-56 flex-col gap-3 bg-slate-50 px-4 py-4">
            <div className="flex items-end gap-2">
              <span
                className="flex size-6 shrink-0 items-center justify-center rounded-full text-white"
                style={{ backgroundColor: config.primaryColor }}
              >
                <Bot className="size-3.5" />
              </span>
              <p className="max-w-[85%] rounded-2xl rounded-bl-sm bg-white px-3 py-2 text-sm break-words shadow-sm ring-1 ring-slate-200">
                {config.welcomeMessage || ' '}
              </p>
            </div>
            {questions.length > 0 && (
              <div className="flex flex-wrap gap-2 pl-8">
                {questions.map((question, index) => (
                  <span
                    key={index}
                    className="max-w-full rounded-full border bg-white px-3 py-1 text-xs font-medium break-words"
                    style={{ borderColor: config.primaryColor, color: config.primaryColor }}
                  >
                    {question}
                  </span>
                ))}
              </div>
            )}
          </div>
          <div className="flex items-center gap-2 border-t border-slate-200 bg-white p-3">
            <span className="min-w-0 flex-1 truncate rounded-full bg-slate-100 px-3.5 py-2 text-sm text-slate-600">
              {config.placeholderText}
            </span>
            <span
              className="flex size-9 shrink-0 items-center justify-center rounded-full text-white"
              style={{ backgroundColor: config.buttonColor }}
            >
              <Send className="size-4" />
            </span>
          </div>
        </div>
        <span
          className="flex size-14 items-center justify-center rounded-full text-white shadow-lg"
          style={{ backgroundColor: config.buttonColor }}
        >
          <MessageCircle className="size-6" />
        </span>
      </div>
    </figure>
  );
}
