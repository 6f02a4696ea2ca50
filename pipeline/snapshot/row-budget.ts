// The rows one query may still read: a walk takes from it as it steps, and stops with RowBudgetExceeded when it is spent.
import { AppError } from '../../platform/errors/app-error.ts';

export class RowBudgetExceeded extends AppError {
  constructor(readonly budget: number) {
    super(`the query would read more than ${budget} rows`, { code: 'row-budget-exceeded', status: 503 });
    this.name = 'RowBudgetExceeded';
  }
}

export class RowBudget {
  private used = 0;

  constructor(readonly max: number) {}

  /** Rows still allowed. */
  get left(): number {
    return Math.max(0, this.max - this.used);
  }

  /** Counts `rows` read; throws once more than the budget was read. */
  take(rows: number): void {
    this.used += rows;
    if (this.used > this.max) throw new RowBudgetExceeded(this.max);
  }
}
