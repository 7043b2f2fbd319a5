/**
 * The Redis pub/sub channels of this deployment, each name behind REDIS_PREFIX: deployments that share a Redis hear
 * only their own instances' announcements (channels, unlike keys, have no database number to keep them apart).
 */
export class RedisChannels {
  constructor(private readonly prefix: string) {}

  named(channel: string): string {
    return `${this.prefix}${channel}`;
  }
}
