import { stringify } from 'csv-stringify';
import { describe, expect, it, vi } from 'vitest';
import { pipeRecords } from './csv-records';

async function* endless() {
  for (let n = 0; ; n += 1) yield { n };
}

describe('pipeRecords', () => {
  it('should not report a failure when the reader leaves and the CSV is destroyed', async () => {
    const csv = stringify({ header: true, columns: ['n'] });
    const onError = vi.fn();
    const piped = pipeRecords(endless(), csv, onError);
    csv.once('data', () => csv.destroy());
    csv.resume();
    await piped;
    expect(onError).not.toHaveBeenCalled();
  });

  it("should report the rows' failure", async () => {
    const failure = new Error('the query failed');
    async function* failing() {
      yield { n: 1 };
      throw failure;
    }
    const onError = vi.fn();
    const csv = stringify({ header: true, columns: ['n'] });
    csv.resume();
    await pipeRecords(failing(), csv, onError);
    expect(onError).toHaveBeenCalledWith(failure);
  });

  it('should write every record when the reader stays', async () => {
    const csv = stringify({ header: true, columns: ['n'] });
    const chunks: string[] = [];
    csv.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    const ended = new Promise((resolve) => csv.once('end', resolve));
    const onError = vi.fn();
    await pipeRecords([{ n: 1 }, { n: 2 }], csv, onError);
    await ended;
    expect(chunks.join('')).toBe('n\n1\n2\n');
    expect(onError).not.toHaveBeenCalled();
  });
});
