// The grid's stored blobs of a list of points (rowid, lat, lng in 1e-7 degree), laid out as the seal lays its columns out.
import { gridBlobsOf } from '../../../../pipeline/snapshot/geo-grid.ts';

export function gridBlobs(points: readonly (readonly [number, number, number])[]): [Buffer, Buffer, Buffer] {
  const column = (at: 0 | 1 | 2) => Int32Array.from(points, (point) => point[at]);
  return gridBlobsOf({ rowids: column(0), lats: column(1), lngs: column(2), count: points.length });
}
