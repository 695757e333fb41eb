import { Controller, Get, Header } from '@nestjs/common';
import { metricsRegistry } from '#observability';
import { OpenApiOperation } from '#openapi';

@Controller('metrics')
export class MetricsHttpController {
  @OpenApiOperation({
    summary: 'Prometheus metrics of this process',
    success: { description: 'Prometheus text format', contentType: 'text/plain' },
  })
  @Get()
  @Header('Content-Type', metricsRegistry.contentType)
  metrics(): Promise<string> {
    return metricsRegistry.metrics();
  }
}
