import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import request from 'supertest';
import { staticRouteShortcut } from './static-route-shortcut';

const answer =
  (name: string): RequestHandler =>
  (req: Request, res: Response) =>
    res.json({ name, route: (req.route as { path: string }).path, params: req.params });

/** A route table with the shapes that make a fixed path answer other than by its own route. */
function buildApp(withShortcut: boolean): Express {
  const app = express();
  if (withShortcut) app.use(staticRouteShortcut(app));
  app.get('/items/:id', answer('item'));
  app.get('/items/new', answer('new item, never: the route above takes it'));
  app.post('/items/new', answer('create item'));
  app.use('/files', (req: Request, res: Response, next: NextFunction) =>
    req.path === '/readme' ? res.send('file') : next(),
  );
  app.get('/files/readme', answer('never: the middleware above answers'));
  app.get('/files/other', answer('other file'));
  app.all('/any', answer('any method'));
  app.get('/Health/', answer('health'));
  app.get(
    '/two-handlers',
    (_req: Request, res: Response, next: NextFunction) => {
      res.setHeader('x-first', 'ran');
      next();
    },
    answer('second handler'),
  );
  app.get('/late', answer('late'));
  app.get('/late', answer('never: registered twice'));
  app.get('/fails', () => {
    throw new Error('handler failed');
  });
  app.use((_req: Request, res: Response) => res.status(404).send('not found'));
  app.use((error: Error, _req: Request, res: Response, next: NextFunction) =>
    res.headersSent ? next(error) : res.status(500).send(error.message),
  );
  return app;
}

const REQUESTS: Array<[method: string, path: string]> = [
  ['GET', '/items/new'],
  ['POST', '/items/new'],
  ['GET', '/items/7'],
  ['GET', '/files/readme'],
  ['GET', '/files/other'],
  ['GET', '/any'],
  ['DELETE', '/any'],
  ['GET', '/health'],
  ['GET', '/HEALTH/'],
  ['GET', '/health//'],
  ['HEAD', '/health'],
  ['OPTIONS', '/late'],
  ['GET', '/two-handlers'],
  ['GET', '/late?x=1'],
  ['GET', '/Late/'],
  ['POST', '/late'],
  ['GET', '/late/more'],
  ['GET', '/fails'],
  ['GET', '/nowhere'],
];

async function answerTo(app: Express, method: string, path: string) {
  const response = await request(app)[method.toLowerCase() as 'get'](path);
  return {
    status: response.status,
    body: response.text,
    allow: response.headers.allow,
    first: response.headers['x-first'],
  };
}

describe('staticRouteShortcut', () => {
  it.each(REQUESTS)('answers %s %s as Express alone does', async (method, path) => {
    expect(await answerTo(buildApp(true), method, path)).toEqual(await answerTo(buildApp(false), method, path));
  });

  it('sends a request for a fixed path straight to its route, past the routes before it', async () => {
    const app = buildApp(true);
    await request(app).get('/late').expect(200);
    const stack = (app.router as unknown as { stack: Array<{ route?: { path: string }; match: () => unknown }> }).stack;
    const earlier = stack.find((layer) => layer.route?.path === '/items/:id');
    const match = jest.spyOn(earlier as { match: () => unknown }, 'match');

    const late = await request(app).get('/late').expect(200);
    expect(late.body).toEqual({ name: 'late', route: '/late', params: {} });
    await request(app).post('/items/new').expect(200);
    expect(match).not.toHaveBeenCalled();

    await request(app).get('/items/new').expect(200);
    expect(match).toHaveBeenCalled();
  });
});
