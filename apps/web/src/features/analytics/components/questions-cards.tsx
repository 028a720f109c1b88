import type { AnalyticsQuestion } from '@askwell/shared';
import { CircleHelp, MessageCircleQuestion, Plus } from 'lucide-react';
import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { RelativeTime } from '@/components/ui/relative-time';
import { countOf, formatNumber } from '@/lib/format';

import { AddAnswerDialog } from './add-answer-dialog';
import { DataTable, EmptyNote } from './data-table';

const questionKey = (question: AnalyticsQuestion) => `${question.botId}:${question.key}`;

export function TopQuestionsCard({ questions }: { questions: AnalyticsQuestion[] }) {
  return (
    <Panel
      title="Top questions"
      description="What visitors ask most, similar wordings counted together"
      icon={<MessageCircleQuestion className="size-5" aria-hidden="true" />}
      className="min-w-0"
    >
      {questions.length === 0 ? (
        <EmptyNote>No questions in this period.</EmptyNote>
      ) : (
        <DataTable
          caption="Most asked questions"
          rows={questions}
          rowKey={questionKey}
          columns={[
            {
              header: 'Question',
              className: 'min-w-48 break-words font-normal',
              cell: (question) => question.question,
            },
            { header: 'Chatbot', className: 'min-w-28', cell: (question) => question.botName },
            {
              header: 'Times asked',
              numeric: true,
              cell: (question) => formatNumber(question.asked),
            },
          ]}
        />
      )}
    </Panel>
  );
}

// A list rather than a table: each row carries a button, and on a phone the rows stack instead
// of scrolling sideways.
export function UnansweredQuestionsCard({ questions }: { questions: AnalyticsQuestion[] }) {
  const [answering, setAnswering] = useState<AnalyticsQuestion | null>(null);
  const idPrefix = useId();

  return (
    <Panel
      title="Unanswered questions"
      description="Questions your chatbots had no answer for; answer one and they will"
      icon={<CircleHelp className="size-5" aria-hidden="true" />}
      className="min-w-0"
    >
      {questions.length === 0 ? (
        <EmptyNote>No unanswered questions in this period.</EmptyNote>
      ) : (
        <ul aria-label="Unanswered questions" className="divide-y divide-slate-100">
          {questions.map((question, index) => {
            // Question keys hold spaces, which an id referenced by aria-describedby cannot.
            const id = `${idPrefix}-${index}`;
            return (
              <li
                key={questionKey(question)}
                className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:px-6"
              >
                <div className="min-w-0 flex-1">
                  <p id={id} className="text-sm font-medium break-words text-slate-900">
                    {question.question}
                  </p>
                  <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-slate-600">
                    <span>{question.botName}</span>
                    <span aria-hidden="true">·</span>
                    <span>Asked {countOf(question.asked, 'time')}</span>
                    <span aria-hidden="true">·</span>
                    <span>
                      Last asked <RelativeTime value={question.lastAskedAt} />
                    </span>
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  className="self-start sm:self-center"
                  aria-describedby={id}
                  onClick={() => setAnswering(question)}
                >
                  <Plus className="size-4" aria-hidden="true" />
                  Add an answer
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <AddAnswerDialog question={answering} onClose={() => setAnswering(null)} />
    </Panel>
  );
}
