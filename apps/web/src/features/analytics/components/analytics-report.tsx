import type { AnalyticsReport } from '@askwell/shared';

import { AnswerQualityCard } from './answer-quality-card';
import { FunnelCard } from './funnel-card';
import { HeatmapCard } from './heatmap-card';
import { LanguagesCard } from './languages-card';
import { ModelUsageCard } from './model-usage-card';
import { TopQuestionsCard, UnansweredQuestionsCard } from './questions-cards';
import { SummaryCards } from './summary-cards';
import { UsageCard } from './usage-card';

// Every card reads the one report; grid items get min-w-0 so a wide table scrolls inside its
// card instead of widening the page.
export function AnalyticsReportView({ report }: { report: AnalyticsReport }) {
  return (
    <div className="space-y-6">
      <section aria-labelledby="analytics-summary-title">
        <h2 id="analytics-summary-title" className="sr-only">
          Summary
        </h2>
        <SummaryCards report={report} />
      </section>
      <UsageCard daily={report.daily} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <FunnelCard funnel={report.funnel} pages={report.pages} />
        <AnswerQualityCard report={report} />
      </div>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <TopQuestionsCard questions={report.topQuestions} />
        <UnansweredQuestionsCard questions={report.unansweredQuestions} />
      </div>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <LanguagesCard languages={report.languages} />
        <ModelUsageCard models={report.models} />
      </div>
      <HeatmapCard heatmap={report.heatmap} timeZone={report.timeZone} />
    </div>
  );
}
