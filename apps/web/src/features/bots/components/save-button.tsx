import { Check, Save } from 'lucide-react';

import { Button, type ButtonVariant } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

export type SaveState = 'idle' | 'saving' | 'saved';

type SaveButtonProps = {
  state: SaveState;
  onClick: () => void;
  label?: string;
  variant?: ButtonVariant;
};

// Spec §4 "Chatbot save": '...' while saving, a check mark once saved, then back to idle.
export function SaveButton({ state, onClick, label = 'Save', variant }: SaveButtonProps) {
  return (
    <Button
      variant={variant}
      onClick={onClick}
      disabled={state === 'saving'}
      aria-live="polite"
      className="min-w-28"
      data-testid="save-bot"
    >
      {state === 'saving' ? (
        <>
          <Spinner className="size-4" />
          <span aria-label="Saving">...</span>
        </>
      ) : state === 'saved' ? (
        <>
          <Check className="size-4" aria-hidden="true" />
          Saved
        </>
      ) : (
        <>
          <Save className="size-4" aria-hidden="true" />
          {label}
        </>
      )}
    </Button>
  );
}
