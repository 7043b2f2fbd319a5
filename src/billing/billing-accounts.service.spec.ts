import { DataSource } from 'typeorm';
import { fakePrincipal } from '../../test/support/http-execution-context';
import type { Principal } from '../auth/principal';
import { NotFoundError } from '../common/errors/not-found.error';
import type { AppConfig } from '../config/app-config';
import type { TenantsService } from '../tenants/tenants.service';
import { AllowanceUsage } from './allowance-usage.entity';
import { AllowanceUsageRepository } from './allowance-usage.repository';
import { BillingAccountsService } from './billing-accounts.service';
import { BillingBalance } from './billing-balance.entity';
import { BillingBalanceRepository } from './billing-balance.repository';
import { InsufficientBalanceError } from './errors/insufficient-balance.error';

const NOVEMBER = Date.UTC(2025, 10, 17);
const DECEMBER = Date.UTC(2025, 11, 1);

function livePrincipal(consumerId: string, billed = true): Principal {
  const principal = fakePrincipal();
  return {
    ...principal,
    app: { ...principal.app, environment: 'production', consumerId },
    consumer: { ...principal.consumer, id: consumerId, billed },
  };
}

/** Against a real (in-memory SQLite) database: the conditional statements are the point. */
describe('BillingAccountsService', () => {
  let dataSource: DataSource;
  let counter = 0;
  const tenants = {
    findConsumer: async (id: string) => {
      if (id === 'bcn_missing') throw new NotFoundError(`Consumer ${id} does not exist`);
      return { id, name: 'Test consumer', createdAt: 0 };
    },
  } as unknown as TenantsService;

  const accountsWith = (settings: Partial<AppConfig> = {}) =>
    new BillingAccountsService(
      new BillingBalanceRepository(dataSource.getRepository(BillingBalance)),
      new AllowanceUsageRepository(dataSource.getRepository(AllowanceUsage)),
      tenants,
      {
        FREE_MONTHLY_ALLOWANCE: 2,
        PRICE_AUTHENTICATION: 50,
        PRICE_SIGNATURE: 100,
        ...settings,
      } as AppConfig,
    );
  const newConsumer = () => `bcn_test${++counter}`;

  beforeAll(async () => {
    dataSource = await new DataSource({
      type: 'better-sqlite3',
      database: ':memory:',
      entities: [BillingBalance, AllowanceUsage],
      synchronize: true,
    }).initialize();
  });
  afterAll(() => dataSource.destroy());

  it('lets sandbox keys through at no cost, reserving nothing', async () => {
    const accounts = accountsWith({ FREE_MONTHLY_ALLOWANCE: 0 });
    await expect(accounts.charge(fakePrincipal(), 'signature', NOVEMBER)).resolves.toEqual({
      category: 'signature',
      cost: 0,
    });
  });

  it("lets the live calls of a consumer that is not billed (idflow's own console) through at no cost", async () => {
    const accounts = accountsWith({ FREE_MONTHLY_ALLOWANCE: 0 });
    await expect(accounts.charge(livePrincipal(newConsumer(), false), 'authentication', NOVEMBER)).resolves.toEqual({
      category: 'authentication',
      cost: 0,
    });
    await expect(accounts.charge(livePrincipal(newConsumer()), 'authentication', NOVEMBER)).rejects.toBeInstanceOf(
      InsufficientBalanceError,
    );
  });

  it('uses the allowance first, then the balance at the category price, then refuses with 402', async () => {
    const accounts = accountsWith();
    const consumerId = newConsumer();
    const principal = livePrincipal(consumerId);
    await accounts.credit(consumerId, 120, NOVEMBER);

    for (let call = 0; call < 2; call++) {
      await expect(accounts.charge(principal, 'authentication', NOVEMBER)).resolves.toEqual({
        category: 'authentication',
        cost: 0,
        reservation: { kind: 'allowance', consumerId, month: '2025-11' },
      });
    }
    await expect(accounts.charge(principal, 'signature', NOVEMBER)).resolves.toEqual({
      category: 'signature',
      cost: 100,
      reservation: { kind: 'balance', consumerId, amount: 100 },
    });
    const refusal = accounts.charge(principal, 'authentication', NOVEMBER);
    await expect(refusal).rejects.toBeInstanceOf(InsufficientBalanceError);
    await expect(refusal).rejects.toMatchObject({ status: 402, data: { category: 'authentication', price: 50 } });
    await expect(accounts.account(consumerId, NOVEMBER)).resolves.toEqual({
      consumerId,
      balance: 20,
      allowance: { month: '2025-11', used: 2, limit: 2 },
    });
  });

  it('starts every calendar month with a fresh allowance', async () => {
    const accounts = accountsWith({ FREE_MONTHLY_ALLOWANCE: 1 });
    const principal = livePrincipal(newConsumer());
    await accounts.charge(principal, 'authentication', NOVEMBER);
    await expect(accounts.charge(principal, 'authentication', NOVEMBER)).rejects.toBeInstanceOf(
      InsufficientBalanceError,
    );
    await expect(accounts.charge(principal, 'authentication', DECEMBER)).resolves.toMatchObject({ cost: 0 });
  });

  it('gives back exactly what was reserved, to the month it was reserved in', async () => {
    const accounts = accountsWith({ FREE_MONTHLY_ALLOWANCE: 1 });
    const consumerId = newConsumer();
    const principal = livePrincipal(consumerId);
    await accounts.credit(consumerId, 50, NOVEMBER);
    const fromAllowance = await accounts.charge(principal, 'authentication', NOVEMBER);
    const fromBalance = await accounts.charge(principal, 'authentication', NOVEMBER);
    expect(await accounts.account(consumerId, NOVEMBER)).toMatchObject({ balance: 0, allowance: { used: 1 } });

    await expect(accounts.refund(fromBalance)).resolves.toEqual({ category: 'authentication', cost: 0 });
    await accounts.refund(fromAllowance, DECEMBER);
    expect(await accounts.account(consumerId, NOVEMBER)).toMatchObject({ balance: 50, allowance: { used: 0 } });
    // Refunding a charge that reserved nothing changes nothing.
    await accounts.refund({ category: 'signature', cost: 0 });
    expect(await accounts.account(consumerId, NOVEMBER)).toMatchObject({ balance: 50, allowance: { used: 0 } });
  });

  it('lets calls through free beyond the allowance when the price is 0, and skips the allowance when it is 0', async () => {
    const consumerId = newConsumer();
    const free = accountsWith({ FREE_MONTHLY_ALLOWANCE: 0, PRICE_SIGNATURE: 0 });
    await expect(free.charge(livePrincipal(consumerId), 'signature', NOVEMBER)).resolves.toEqual({
      category: 'signature',
      cost: 0,
    });
    await expect(free.charge(livePrincipal(consumerId), 'authentication', NOVEMBER)).rejects.toBeInstanceOf(
      InsufficientBalanceError,
    );
    expect(await free.account(consumerId, NOVEMBER)).toMatchObject({ allowance: { used: 0, limit: 0 } });
  });

  it('adds top-ups up, and refuses unknown consumers and amounts that are not positive whole numbers', async () => {
    const accounts = accountsWith();
    const consumerId = newConsumer();
    await accounts.credit(consumerId, 10, NOVEMBER);
    await expect(accounts.credit(consumerId, 15, NOVEMBER)).resolves.toMatchObject({ balance: 25 });
    await expect(accounts.credit('bcn_missing', 10)).rejects.toBeInstanceOf(NotFoundError);
    for (const amount of [0, -1, 1.5, Number.NaN]) {
      await expect(accounts.credit(consumerId, amount)).rejects.toThrow('A credit must be a positive whole amount');
    }
    await expect(accounts.account(consumerId, NOVEMBER)).resolves.toMatchObject({ balance: 25 });
    expect((await accounts.account(consumerId)).balance).toBe(25);
  });
});
