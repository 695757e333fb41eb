import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { DtoSchemas } from './dto-schema.js';
import { openApiPath } from './openapi-document.js';

class LeafDto {
  @IsIn(['a', 'b']) type!: 'a' | 'b';
  @IsOptional() @Matches(/^[a-z]{2}$/) code?: string;
}

class RootDto {
  @IsString() @IsNotEmpty() name!: string;
  @IsOptional() @IsInt() @Min(1) @Max(10) count?: number;
  @IsOptional() @IsArray() @ArrayMaxSize(3) @IsEmail({}, { each: true }) emails?: string[];
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => LeafDto) leaves?: LeafDto[];
  @IsOptional() anything?: unknown;
}

describe('DtoSchemas', () => {
  it('turns class-validator rules into a closed JSON Schema with nested DTOs as components', () => {
    const dtos = new DtoSchemas();
    expect(dtos.ref(RootDto)).toEqual({ $ref: '#/components/schemas/RootDto' });
    expect(dtos.all()).toEqual({
      LeafDto: {
        type: 'object',
        properties: { type: { enum: ['a', 'b'] }, code: { pattern: '^[a-z]{2}$' } },
        required: ['type'],
        additionalProperties: false,
      },
      RootDto: {
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 1 },
          count: { type: 'integer', minimum: 1, maximum: 10 },
          emails: { type: 'array', maxItems: 3, items: { type: 'string', format: 'email' } },
          leaves: { type: 'array', items: { $ref: '#/components/schemas/LeafDto' } },
          anything: {},
        },
        required: ['name'],
        additionalProperties: false,
      },
    });
  });

  it('lets a list of DTOs also take their bare type names', () => {
    const schema = new DtoSchemas().withTypeNameShorthands(RootDto, ['leaves']);
    expect((schema.properties as Record<string, unknown>).leaves).toEqual({
      type: 'array',
      items: { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { $ref: '#/components/schemas/LeafDto' }] },
    });
    expect(() => new DtoSchemas().withTypeNameShorthands(RootDto, ['emails'])).toThrow(
      'RootDto.emails is not a list of DTOs with a type enum',
    );
  });
});

describe('openApiPath', () => {
  it('writes Express parameters the OpenAPI way and refuses patterns it cannot say', () => {
    expect(openApiPath('/v2/monitor/:id/checks/:checkId')).toBe('/v2/monitor/{id}/checks/{checkId}');
    expect(() => openApiPath('/v2/files/*path')).toThrow('no OpenAPI form');
  });
});
