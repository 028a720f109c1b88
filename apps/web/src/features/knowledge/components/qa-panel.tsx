import { qaSourceInputSchema, type KnowledgeSource } from '@askwell/shared';
import { CircleAlert, MessagesSquare, Plus, Trash2, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';

import { SourceStatusBadge } from '@/components/knowledge/source-status';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { controlStyles, FormField } from '@/components/ui/form-field';
import { Panel } from '@/components/ui/panel';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';

import { useAddQa } from '../api/add-qa';
import { useDeleteSource } from '../api/source-actions';
import { countOf, formatDate } from '@/lib/format';

type Pair = { key: number; question: string; answer: string };

let nextPair = 0;
const emptyPair = (): Pair => ({ key: ++nextPair, question: '', answer: '' });

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}

function AddQaForm({ botId }: { botId: string }) {
  const addQa = useAddQa(botId);
  const [name, setName] = useState('');
  const [pairs, setPairs] = useState<Pair[]>(() => [emptyPair()]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const updatePair = (key: number, patch: Partial<Pair>) =>
    setPairs((list) => list.map((pair) => (pair.key === key ? { ...pair, ...patch } : pair)));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      name,
      pairs: pairs.map(({ question, answer }) => ({ question, answer })),
    };
    const parsed = qaSourceInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    addQa.mutate(parsed.data, {
      onSuccess: () => {
        setName('');
        setPairs([emptyPair()]);
        toast.success('Questions and answers added');
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        toast.error(error.message);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5 p-5 sm:p-6">
      <FormField id="qa-name" label="Name" error={errors.name} hint="e.g. Shipping FAQ">
        {(a11y) => (
          <input
            {...a11y}
            type="text"
            value={name}
            maxLength={120}
            onChange={(event) => setName(event.target.value)}
            className={controlStyles(a11y['aria-invalid'])}
          />
        )}
      </FormField>
      <ol className="space-y-4">
        {pairs.map((pair, index) => {
          const questionId = `qa-question-${pair.key}`;
          const answerId = `qa-answer-${pair.key}`;
          const questionError = errors[`pairs.${index}.question`];
          const answerError = errors[`pairs.${index}.answer`];
          return (
            <li key={pair.key} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
              <div className="flex items-center justify-between gap-3">
                <p className="text-sm font-semibold text-slate-900">Pair {index + 1}</p>
                {pairs.length > 1 && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="h-8 px-2"
                    onClick={() => setPairs((list) => list.filter((item) => item.key !== pair.key))}
                  >
                    <X className="size-4" aria-hidden="true" />
                    <span className="sr-only">Remove pair {index + 1}</span>
                  </Button>
                )}
              </div>
              <div className="mt-3 space-y-3">
                <div>
                  <label htmlFor={questionId} className="block text-sm font-medium text-slate-700">
                    Question
                  </label>
                  <input
                    id={questionId}
                    type="text"
                    value={pair.question}
                    maxLength={500}
                    aria-invalid={Boolean(questionError)}
                    aria-describedby={questionError ? `${questionId}-error` : undefined}
                    onChange={(event) => updatePair(pair.key, { question: event.target.value })}
                    className={controlStyles(Boolean(questionError), 'mt-1.5')}
                  />
                  <FieldError id={`${questionId}-error`} message={questionError} />
                </div>
                <div>
                  <label htmlFor={answerId} className="block text-sm font-medium text-slate-700">
                    Answer
                  </label>
                  <textarea
                    id={answerId}
                    rows={3}
                    value={pair.answer}
                    maxLength={4000}
                    aria-invalid={Boolean(answerError)}
                    aria-describedby={answerError ? `${answerId}-error` : undefined}
                    onChange={(event) => updatePair(pair.key, { answer: event.target.value })}
                    className={controlStyles(Boolean(answerError), 'mt-1.5 resize-y')}
                  />
                  <FieldError id={`${answerId}-error`} message={answerError} />
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      {errors.pairs && <FieldError id="qa-pairs-error" message={errors.pairs} />}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant="secondary" onClick={() => setPairs((list) => [...list, emptyPair()])}>
          <Plus className="size-4" aria-hidden="true" />
          Add another pair
        </Button>
        <Button type="submit" disabled={addQa.isPending}>
          {addQa.isPending && <Spinner className="size-4" />}
          Save Q&amp;A
        </Button>
      </div>
    </form>
  );
}

type QaPanelProps = { botId: string; sets: KnowledgeSource[] };

export function QaPanel({ botId, sets }: QaPanelProps) {
  const remove = useDeleteSource();
  const [deleting, setDeleting] = useState<KnowledgeSource | null>(null);
  return (
    <div className="space-y-6">
      <Panel
        title="Add questions and answers"
        description="Exact answers to the questions your visitors ask most."
        icon={<MessagesSquare className="size-5" aria-hidden="true" />}
      >
        <AddQaForm key={botId} botId={botId} />
      </Panel>
      <Panel title="Q&A sets">
        {sets.length === 0 ? (
          <p className="px-6 py-10 text-center text-sm text-slate-600">
            No questions and answers yet for this chatbot.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Q&A sets">
            {sets.map((source) => (
              <li
                key={source.id}
                className="flex flex-wrap items-center gap-3 px-5 py-4 sm:px-6"
                data-testid="qa-row"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-semibold text-slate-900">{source.name}</p>
                  <p className="text-xs text-slate-500">
                    Added {formatDate(source.createdAt)} · {countOf(source.chunkCount, 'chunk')}
                  </p>
                </div>
                <SourceStatusBadge source={source} />
                <Button
                  variant="ghost"
                  size="sm"
                  className="px-2.5 hover:text-red-700"
                  onClick={() => setDeleting(source)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  <span className="sr-only">Delete {source.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete these questions and answers?"
        confirmLabel="Delete"
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success(`${deleting.name} was deleted`),
            onError: (error) => toast.error(error.message),
            onSettled: () => setDeleting(null),
          });
        }}
      >
        <p>
          <strong className="font-semibold break-words text-slate-900">{deleting?.name}</strong> is
          removed from your chatbot&apos;s knowledge.
        </p>
      </ConfirmDialog>
    </div>
  );
}
