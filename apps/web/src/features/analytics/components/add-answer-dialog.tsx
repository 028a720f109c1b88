import { addAnswerInputSchema, type AnalyticsQuestion } from '@askwell/shared';
import { CircleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';

import { Button } from '@/components/ui/button';
import { controlStyles, FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useAddAnswer } from '@/hooks/use-analytics';
import { ApiError } from '@/lib/api-client';

type Errors = { question?: string; answer?: string; form?: string };

function AddAnswerForm({
  question,
  titleId,
  addAnswer,
  onClose,
}: {
  question: AnalyticsQuestion;
  titleId: string;
  addAnswer: ReturnType<typeof useAddAnswer>;
  onClose: () => void;
}) {
  const [text, setText] = useState(question.question);
  const [answer, setAnswer] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = addAnswerInputSchema.safeParse({
      botId: question.botId,
      // The listed question leaves the list even when the owner rewords it.
      key: question.key,
      question: text,
      answer,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field =
          issue.path[0] === 'question' || issue.path[0] === 'answer' ? issue.path[0] : 'form';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    addAnswer.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Answer added. Your chatbot will use it from now on.');
        onClose();
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fields : {};
        setErrors({ question: fields.question, answer: fields.answer, form: error.message });
      },
    });
  };

  const cancel = () => {
    if (!addAnswer.isPending) onClose();
  };

  return (
    <form noValidate onSubmit={submit} className="p-6">
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        Add an answer
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Saved as a question and answer of {question.botName}, which answers this question with it
        from now on.
      </p>
      {errors.form && (
        <div
          role="alert"
          className="mt-4 flex gap-2 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-200"
        >
          <CircleAlert className="mt-px size-4 shrink-0" aria-hidden="true" />
          <p className="min-w-0 break-words">{errors.form}</p>
        </div>
      )}
      <div className="mt-5 space-y-4">
        <FormField id="add-answer-question" label="Question" error={errors.question}>
          {(a11y) => (
            <textarea
              {...a11y}
              rows={2}
              maxLength={500}
              value={text}
              onChange={(event) => setText(event.target.value)}
              className={controlStyles(a11y['aria-invalid'], 'resize-y')}
            />
          )}
        </FormField>
        <FormField id="add-answer-answer" label="Answer" error={errors.answer}>
          {(a11y) => (
            <textarea
              {...a11y}
              rows={5}
              maxLength={4000}
              value={answer}
              onChange={(event) => setAnswer(event.target.value)}
              className={controlStyles(a11y['aria-invalid'], 'resize-y')}
              autoFocus
            />
          )}
        </FormField>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={cancel} disabled={addAnswer.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={addAnswer.isPending}>
          {addAnswer.isPending && <Spinner className="size-4" />}
          {addAnswer.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

type AddAnswerDialogProps = {
  // The question being answered; null while the dialog is closed.
  question: AnalyticsQuestion | null;
  onClose: () => void;
};

// A modal <dialog>: the browser traps focus, closes it on Escape and returns focus afterwards.
export function AddAnswerDialog({ question, onClose }: AddAnswerDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const open = question !== null;
  const addAnswer = useAddAnswer();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        // While saving the dialog stays, so the outcome is not lost behind a closed dialog.
        if (!addAnswer.isPending) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white p-0 shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/50"
    >
      {question && (
        // Keyed by the question, so each opening starts from that question's wording.
        <AddAnswerForm
          key={`${question.botId}:${question.key}`}
          question={question}
          titleId={titleId}
          addAnswer={addAnswer}
          onClose={onClose}
        />
      )}
    </dialog>
  );
}
