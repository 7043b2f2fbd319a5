import { Injectable } from '@nestjs/common';
import type { RetentionRule } from './retention-rule';

/** Where modules register what they let age out, so one sweeper purges them all without knowing their tables. */
@Injectable()
export class RetentionRules {
  private readonly rules: RetentionRule[] = [];

  register(rule: RetentionRule): void {
    this.rules.push(rule);
  }

  all(): readonly RetentionRule[] {
    return this.rules;
  }
}
