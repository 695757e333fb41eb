import { Controller, Get, Header } from '@nestjs/common';
import { metricsRegistry } from '#observability';

@Controller('metrics')
export class MetricsHttpController {
  @Get()
  @Header('Content-Type', metricsRegistry.contentType)
  metrics(): Promise<string> {
    return metricsRegistry.metrics();
  }
}
