import parsePrometheusTextFormat from 'parse-prometheus-text-format';

type ParsedSample = ReturnType<typeof parsePrometheusTextFormat>[number]['metrics'][number];

export type Exposition = {
  /** Each family's TYPE and HELP as the parser read them: `COUNTER`, `GAUGE`, `HISTOGRAM`… */
  family: (name: string) => { type: string; help: string } | undefined;
  /** The samples of one series name: a family, or a histogram's `_count`, `_sum`, `_bucket`. */
  samples: (name: string) => { labels: Record<string, string>; value: number }[];
  /** The sum of the samples of `name` whose labels include `labels`; 0 when none does. */
  sum: (name: string, labels?: Record<string, string>) => number;
};

const HISTOGRAM_TYPE = /^# TYPE (\S+) histogram$/gm;

/**
 * Reads a /metrics answer with a Prometheus text parser. The parser merges the buckets of a
 * labelled histogram and drops its `_count` and `_sum` (yunyu/parse-prometheus-text-format#13),
 * so the samples are read a second time with histograms declared untyped: each series of a
 * histogram is then a family of its own with its labels intact.
 */
export function parseExposition(text: string): Exposition {
  const families = new Map(
    parsePrometheusTextFormat(text).map((family) => [family.name, family] as const),
  );
  // A histogram's series interleave (buckets, sum and count of one label set, then the next),
  // so one name comes back as several families.
  const series = new Map<string, ParsedSample[]>();
  for (const family of parsePrometheusTextFormat(
    text.replace(HISTOGRAM_TYPE, '# TYPE $1 untyped'),
  )) {
    series.set(family.name, [...(series.get(family.name) ?? []), ...family.metrics]);
  }
  const samples = (name: string) =>
    (series.get(name) ?? []).map((sample) => ({
      labels: sample.labels ?? {},
      value: Number(sample.value),
    }));
  return {
    family: (name) => {
      const found = families.get(name);
      return found && { type: found.type, help: found.help };
    },
    samples,
    sum: (name, labels = {}) =>
      samples(name)
        .filter((sample) =>
          Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
        )
        .reduce((total, sample) => total + sample.value, 0),
  };
}
