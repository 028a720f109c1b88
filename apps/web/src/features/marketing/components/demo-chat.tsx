import clsx from 'clsx';
import { Bot, FileText, RotateCcw, Send, UserPlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { demoConversation, type DemoMessage } from '../data/demo-conversation';

const stepDelayMs = 1500;
const typingMs = 900;

function prefersReducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

// Plays the sample conversation once the visitor scrolls it into view, one message at a time.
export function DemoChat() {
  // Starts empty on the server and in the browser alike (the page is pre-rendered); with reduced
  // motion the whole conversation appears at once when it comes into view.
  const [shown, setShown] = useState(0);
  const [typing, setTyping] = useState(false);
  const [started, setStarted] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const logRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const node = containerRef.current;
    if (!node || started) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setStarted(true);
          if (prefersReducedMotion()) setShown(demoConversation.length);
          observer.disconnect();
        }
      },
      { threshold: 0.35 },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [started]);

  useEffect(() => {
    if (!started || shown >= demoConversation.length) return;
    const next = demoConversation[shown];
    const botIsTyping = next?.kind === 'bot';
    const timers = [
      window.setTimeout(() => setTyping(botIsTyping), botIsTyping ? stepDelayMs - typingMs : 0),
      window.setTimeout(
        () => {
          setTyping(false);
          setShown((count) => count + 1);
        },
        shown === 0 ? 400 : stepDelayMs,
      ),
    ];
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [started, shown]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [shown, typing]);

  const finished = shown >= demoConversation.length;

  return (
    <figure ref={containerRef} className="relative">
      <div
        className="absolute -inset-4 -z-10 rounded-[2rem] bg-linear-to-tr from-brand-200/60 via-white to-brand-100/60 blur-2xl"
        aria-hidden="true"
      />
      <div className="overflow-hidden rounded-2xl bg-white shadow-2xl shadow-brand-900/15 ring-1 ring-slate-200">
        <div className="flex items-center gap-3 border-b border-slate-100 bg-slate-50 px-4 py-3">
          <div className="flex gap-1.5" aria-hidden="true">
            <span className="size-2.5 rounded-full bg-red-300" />
            <span className="size-2.5 rounded-full bg-amber-300" />
            <span className="size-2.5 rounded-full bg-green-300" />
          </div>
          <div className="flex-1 truncate rounded-md bg-white px-3 py-1 text-xs text-slate-600 ring-1 ring-slate-200">
            www.yourwebsite.com
          </div>
        </div>

        <div className="bg-brand-800 px-5 py-4 text-white">
          <div className="flex items-center gap-3">
            <span className="flex size-9 items-center justify-center rounded-full bg-white/15">
              <Bot className="size-5" aria-hidden="true" />
            </span>
            <div>
              <p className="font-semibold">Askwell Assistant</p>
              <p className="flex items-center gap-1.5 text-xs text-brand-100">
                <span className="size-1.5 rounded-full bg-green-400" aria-hidden="true" />
                Online · replies instantly
              </p>
            </div>
          </div>
        </div>

        <ol
          ref={logRef}
          aria-label="Sample conversation"
          // Focusable so keyboard users can scroll the conversation too.
          tabIndex={0}
          className="h-96 space-y-3 overflow-y-auto bg-white px-4 py-5 sm:px-5"
        >
          {demoConversation.slice(0, shown).map((message, index) => (
            <DemoBubble key={index} message={message} />
          ))}
          {typing && (
            <li className="flex items-end gap-2 motion-safe:animate-message-in" aria-hidden="true">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-800 text-white">
                <Bot className="size-4" />
              </span>
              <span className="flex gap-1 rounded-2xl rounded-bl-sm bg-slate-100 px-4 py-3">
                {[
                  '[animation-delay:0ms]',
                  '[animation-delay:150ms]',
                  '[animation-delay:300ms]',
                ].map((delay) => (
                  <span
                    key={delay}
                    className={clsx(
                      'size-1.5 rounded-full bg-slate-500 motion-safe:animate-typing-dot',
                      delay,
                    )}
                  />
                ))}
              </span>
            </li>
          )}
        </ol>

        <div className="flex items-center gap-2 border-t border-slate-100 px-4 py-3">
          <div className="flex-1 rounded-full bg-slate-100 px-4 py-2 text-sm text-slate-600">
            Type your message...
          </div>
          <span
            className="flex size-9 items-center justify-center rounded-full bg-brand-800 text-white"
            aria-hidden="true"
          >
            <Send className="size-4" />
          </span>
        </div>
      </div>
      <figcaption className="mt-4 flex items-center justify-between gap-4 text-sm text-slate-600">
        <span>An example conversation on an online store.</span>
        <button
          type="button"
          onClick={() => {
            setTyping(false);
            setShown(0);
            setStarted(true);
          }}
          disabled={!finished}
          className={clsx(
            'inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1 font-semibold whitespace-nowrap text-brand-800 hover:bg-brand-50',
            !finished && 'invisible',
          )}
        >
          <RotateCcw className="size-4" aria-hidden="true" />
          Replay demo
        </button>
      </figcaption>
    </figure>
  );
}

function DemoBubble({ message }: { message: DemoMessage }) {
  if (message.kind === 'lead') {
    return (
      <li className="flex justify-center motion-safe:animate-message-in">
        <span className="inline-flex items-center gap-2 rounded-full bg-green-50 px-3 py-1.5 text-xs font-semibold text-green-800 ring-1 ring-green-200">
          <UserPlus className="size-3.5" aria-hidden="true" />
          {message.text}
        </span>
      </li>
    );
  }

  if (message.kind === 'visitor') {
    return (
      <li className="flex justify-end motion-safe:animate-message-in">
        <p className="max-w-[80%] rounded-2xl rounded-br-sm bg-brand-800 px-4 py-2.5 text-sm leading-6 text-white">
          <span className="sr-only">Visitor: </span>
          {message.text}
        </p>
      </li>
    );
  }

  return (
    <li className="flex items-end gap-2 motion-safe:animate-message-in">
      <span
        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-800 text-white"
        aria-hidden="true"
      >
        <Bot className="size-4" />
      </span>
      <div className="max-w-[80%] rounded-2xl rounded-bl-sm bg-slate-100 px-4 py-2.5 text-sm leading-6 text-slate-800">
        <span className="sr-only">Assistant: </span>
        {message.text}
        {message.source && (
          <span className="mt-2 flex items-center gap-1.5 text-xs font-medium text-brand-800">
            <FileText className="size-3.5" aria-hidden="true" />
            Source: {message.source}
          </span>
        )}
      </div>
    </li>
  );
}
