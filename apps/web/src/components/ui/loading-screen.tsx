import { Spinner } from './spinner';

export function LoadingScreen() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-white">
      <div
        role="status"
        aria-live="polite"
        className="flex flex-col items-center gap-3 text-slate-600"
      >
        <Spinner className="size-10 text-brand-800" />
        <span className="text-sm font-medium">Loading...</span>
      </div>
    </div>
  );
}
