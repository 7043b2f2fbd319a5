import { OpenStreamsModule } from '../common/http/open-streams.module';
import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module';
import { FlowsModule } from '../flows/flows.module';
import { SandboxSimulatorModule } from '../sandbox/sandbox-simulator.module';
import { ReviewObserverService } from './review-observer.service';
import { ReviewPageController } from './review-page.controller';
import { ReviewController } from './review.controller';
import { ReviewService } from './review.service';

/** The hosted review page of review documents (DESIGN section 8), and the routes it reads and acts through. */
@Module({
  imports: [DocumentsModule, FlowsModule, SandboxSimulatorModule, OpenStreamsModule],
  controllers: [ReviewPageController, ReviewController],
  providers: [ReviewService, ReviewObserverService],
})
export class ReviewModule {}
