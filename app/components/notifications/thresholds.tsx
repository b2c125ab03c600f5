// The Thresholds section as data: one row of THRESHOLD_BLOCKS per block (its preference key, texts, number fields
// with their ranges, the switch that turns it on), rendered by one ThresholdBlock.
import { IMPACT_LEVELS, RANGES, type NotificationPreferences } from "#app/lib/notifications.ts";
import { controlClass } from "#app/components/ui/Field.tsx";
import {
  card,
  NumberField,
  sectionHeading,
  ThresholdGroup,
} from "#app/components/notifications/controls.tsx";

type Thresholds = NotificationPreferences["thresholds"];
export type ThresholdKey = keyof Thresholds;
/** One threshold's stored values, read by field name. */
type BlockValues = Record<string, number | string | boolean>;

/** A threshold's field that holds a number. */
type NumberFieldOf<K extends ThresholdKey> = {
  [F in keyof Thresholds[K]]: Thresholds[K][F] extends number ? F : never;
}[keyof Thresholds[K]];

interface ThresholdBlockSpec<K extends ThresholdKey> {
  key: K;
  /** The fieldset's legend. */
  title: string;
  /** The legend's switch that turns the block on (its fields are disabled while off); without one the block is
   * always on, and its legend is the title alone. */
  switchLabel?: string;
  /** The class of the row that holds the block's controls; a block of one number field has no row. */
  rowClass?: string;
  /** A choice shown before the number fields. */
  select?: {
    field: Exclude<keyof Thresholds[K], NumberFieldOf<K> | "enabled"> & string;
    label: string;
    options: readonly { value: string; text: string }[];
  };
  fields: readonly {
    field: NumberFieldOf<K> & string;
    /** The input's id, and so its label's `for`. */
    id: string;
    label: string;
    suffix?: string;
    range: { min: number; max: number; step: number };
  }[];
}

export type ThresholdBlockRow = { [K in ThresholdKey]: ThresholdBlockSpec<K> }[ThresholdKey];

const IMPACT_TEXT: Record<(typeof IMPACT_LEVELS)[number], string> = {
  all: "All",
  medium: "Medium and high",
  high: "High only",
};

/** The blocks, in the order the section shows them. */
export const THRESHOLD_BLOCKS: readonly ThresholdBlockRow[] = [
  {
    key: "rsi",
    title: "RSI",
    switchLabel: "RSI thresholds",
    rowClass: "flex gap-3",
    fields: [
      { field: "overbought", id: "rsi-ob", label: "Overbought", range: RANGES.rsiOverbought },
      { field: "oversold", id: "rsi-os", label: "Oversold", range: RANGES.rsiOversold },
    ],
  },
  {
    key: "sentiment",
    title: "Sentiment",
    switchLabel: "Sentiment thresholds",
    rowClass: "flex gap-3",
    fields: [
      { field: "positiveThreshold", id: "sent-pos", label: "Positive", suffix: "%", range: RANGES.sentiment },
      { field: "negativeThreshold", id: "sent-neg", label: "Negative", suffix: "%", range: RANGES.sentiment },
    ],
  },
  {
    key: "volatility",
    title: "Volatility",
    switchLabel: "Volatility threshold",
    fields: [
      {
        field: "percentageChange",
        id: "vol",
        label: "Daily move of at least",
        suffix: "%",
        range: RANGES.volatility,
      },
    ],
  },
  {
    key: "economicEvents",
    title: "Economic events",
    rowClass: "flex flex-wrap gap-3",
    select: {
      field: "impactLevel",
      label: "Impact level",
      options: IMPACT_LEVELS.map((l) => ({ value: l, text: IMPACT_TEXT[l] })),
    },
    fields: [{ field: "daysAhead", id: "econ-days", label: "Days ahead", range: RANGES.economicDaysAhead }],
  },
];

/** One threshold block: its fieldset, legend (with the switch, if it has one) and controls. */
export function ThresholdBlock({
  block,
  values,
  onChange,
}: {
  block: ThresholdBlockRow;
  values: BlockValues;
  onChange: (patch: BlockValues) => void;
}) {
  const { select } = block;
  const off = block.switchLabel ? !values.enabled : undefined;
  const controls = (
    <>
      {select ? (
        <label className="flex flex-col gap-1 text-sm text-slate-300">
          {select.label}
          <select
            aria-label={select.label}
            value={String(values[select.field])}
            onChange={(e) => onChange({ [select.field]: e.target.value })}
            className={controlClass}
          >
            {select.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.text}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {block.fields.map((f) => (
        <NumberField
          key={f.id}
          id={f.id}
          text={f.label}
          suffix={f.suffix}
          value={Number(values[f.field])}
          range={f.range}
          disabled={off}
          onCommit={(v) => onChange({ [f.field]: v })}
        />
      ))}
    </>
  );
  const body = block.rowClass ? <div className={block.rowClass}>{controls}</div> : controls;
  return block.switchLabel ? (
    <ThresholdGroup
      title={block.title}
      switchLabel={block.switchLabel}
      enabled={Boolean(values.enabled)}
      onToggle={(v) => onChange({ enabled: v })}
    >
      {body}
    </ThresholdGroup>
  ) : (
    <fieldset className="space-y-2">
      <legend className="text-sm text-white">{block.title}</legend>
      {body}
    </fieldset>
  );
}

/** The Thresholds section: every block of THRESHOLD_BLOCKS. */
export function ThresholdsSection({
  thresholds,
  onChange,
}: {
  thresholds: Thresholds;
  onChange: (key: ThresholdKey, patch: BlockValues) => void;
}) {
  return (
    <section className={card} aria-labelledby="thresholds-h">
      <h2 id="thresholds-h" className={sectionHeading}>
        Thresholds
      </h2>
      <div className="mt-3 grid gap-5 sm:grid-cols-2">
        {THRESHOLD_BLOCKS.map((block) => (
          <ThresholdBlock
            key={block.key}
            block={block}
            values={thresholds[block.key]}
            onChange={(patch) => onChange(block.key, patch)}
          />
        ))}
      </div>
    </section>
  );
}
