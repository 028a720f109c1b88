import { useNavigation } from 'react-router';

// Route modules load lazily, so a slow connection would otherwise leave a click without feedback.
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;

  return (
    <div
      className="fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden bg-brand-100"
      aria-hidden="true"
    >
      <div className="h-full w-1/3 animate-progress bg-brand-700" />
    </div>
  );
}
