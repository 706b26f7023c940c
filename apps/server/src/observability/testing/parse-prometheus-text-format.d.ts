// The package ships no types; this is the part of its output the tests read.
declare module 'parse-prometheus-text-format' {
  type ParsedSample = {
    value?: string;
    labels?: Record<string, string>;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  };
  type ParsedFamily = { name: string; help: string; type: string; metrics: ParsedSample[] };
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}
