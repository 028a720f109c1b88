import { useState } from 'react';

import { CodeBlock } from '@/components/ui/code-block';
import { TabPanel, Tabs } from '@/components/ui/tabs';

export type CodeSample = {
  id: string;
  label: string;
  language: string;
  title: string;
  code: string;
  testId?: string;
};

type CodeTabsProps = {
  idPrefix: string;
  label: string;
  samples: ReadonlyArray<CodeSample>;
};

// One sample at a time keeps the page short; each keeps its own Copy button.
export function CodeTabs({ idPrefix, label, samples }: CodeTabsProps) {
  const [selected, setSelected] = useState(samples[0]!.id);
  const sample = samples.find((item) => item.id === selected) ?? samples[0]!;

  return (
    <div className="space-y-3">
      <Tabs
        idPrefix={idPrefix}
        label={label}
        tabs={samples.map(({ id, label: tabLabel }) => ({ id, label: tabLabel }))}
        selected={sample.id}
        onSelect={setSelected}
        className="sm:max-w-md"
      />
      <TabPanel idPrefix={idPrefix} tab={sample.id}>
        <CodeBlock
          language={sample.language}
          title={sample.title}
          code={sample.code}
          testId={sample.testId}
        />
      </TabPanel>
    </div>
  );
}
