// Owned by the payments work (issue 15): upgrade, manage billing, invoices, cancel and resume.
export function BillingActions() {
  return <p className="text-sm text-slate-600">Paying for Premium is not available yet.</p>;
}
