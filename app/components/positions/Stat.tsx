// A labelled figure of a card (the idea card's and the position card's): the label above, the value in bold.
export function Stat({
  label,
  children,
  testId,
}: {
  label: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <div>
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className="font-semibold text-white" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
