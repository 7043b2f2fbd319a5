import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, MoreThanOrEqual, type Repository } from 'typeorm';
import { OperatorSession } from './operator-session.entity';

/** The operators' sessions. Private to the operators module. */
@Injectable()
export class OperatorSessionsRepository {
  constructor(@InjectRepository(OperatorSession) private readonly sessions: Repository<OperatorSession>) {}

  async insert(session: OperatorSession): Promise<void> {
    await this.sessions.insert(session);
  }

  findLive(tokenDigest: string, now: number): Promise<OperatorSession | null> {
    return this.sessions.findOne({ where: { tokenDigest, expiresAt: MoreThanOrEqual(now) } });
  }

  async delete(tokenDigest: string): Promise<void> {
    await this.sessions.delete({ tokenDigest });
  }

  async deleteExpired(now: number): Promise<void> {
    await this.sessions.delete({ expiresAt: LessThan(now) });
  }
}
