import { Module } from '@nestjs/common';
import { HolderAppController } from './holder-app.controller';

/** Serves the holder app built from libs/holder-app. */
@Module({ controllers: [HolderAppController] })
export class HolderAppModule {}
