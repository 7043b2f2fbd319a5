import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { RouteTable } from './route-table';

/** The app's own routes, as Nest's metadata declares them. */
@Module({ imports: [DiscoveryModule], providers: [RouteTable], exports: [RouteTable] })
export class RoutingModule {}
