import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBase64,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { Required } from '../common/validation/required';

/** The most hashes one call signs: a document's signees each ask for one. */
const MAX_HASHES = 16;
const MAX_TOKEN_LENGTH = 20_000;

/** RFC 6749 4.4.2, form-encoded. */
export class CscTokenDto {
  @ApiProperty({ example: 'client_credentials' })
  @Required('grant_type')
  @IsString()
  @MaxLength(64)
  grant_type: string;

  @ApiProperty({ example: 'sandbox' })
  @Required('client_id')
  @IsString()
  @MaxLength(200)
  client_id: string;

  @ApiProperty({ example: 'sandbox' })
  @Required('client_secret')
  @IsString()
  @MaxLength(200)
  client_secret: string;
}

/** CSC v2 `credentials/list` with service authorization: the user is named. */
export class CscCredentialsListDto {
  @ApiPropertyOptional({ description: "The user's NIN", example: '10000000001' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  userID?: string;

  @ApiPropertyOptional({ description: 'Accepted and ignored: the sandbox answers ids only' })
  @IsOptional()
  @IsString()
  @MaxLength(16)
  certificates?: string;
}

export class CscCredentialInfoDto {
  @ApiProperty({ example: 'cred_0f1e2d3c4b5a69788796a5b4c3d2e1f0' })
  @Required('credentialID')
  @IsString()
  @MaxLength(64)
  credentialID: string;

  @ApiPropertyOptional({ description: 'Accepted and ignored: the whole chain is always given' })
  @IsOptional()
  @IsString()
  @MaxLength(16)
  certificates?: string;
}

export class CscAuthDataDto {
  @ApiProperty({ example: 'idflow_signature_authorization' })
  @IsString()
  @MaxLength(64)
  id: string;

  @ApiProperty({ description: "idflow's signature authorization, a JWT of its service key" })
  @IsString()
  @MaxLength(MAX_TOKEN_LENGTH)
  value: string;
}

/** Hashes to be signed, base64, as both authorize and signHash name them. */
abstract class CscHashesDto {
  @ApiProperty({ example: 'cred_0f1e2d3c4b5a69788796a5b4c3d2e1f0' })
  @Required('credentialID')
  @IsString()
  @MaxLength(64)
  credentialID: string;

  @ApiProperty({ type: [String], example: ['n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg='] })
  @Required('hashes')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_HASHES)
  @IsBase64({}, { each: true })
  hashes: string[];

  @ApiProperty({ example: '2.16.840.1.101.3.4.2.1' })
  @Required('hashAlgorithmOID')
  @IsString()
  @MaxLength(64)
  hashAlgorithmOID: string;
}

/** CSC v2 `credentials/authorize` (explicit, SCAL2). */
export class CscAuthorizeDto extends CscHashesDto {
  @ApiProperty({ example: 1 })
  @Required('numSignatures')
  @IsInt()
  @Min(1)
  @Max(MAX_HASHES)
  numSignatures: number;

  @ApiPropertyOptional({ type: [CscAuthDataDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(4)
  @ValidateNested({ each: true })
  @Type(() => CscAuthDataDto)
  authData?: CscAuthDataDto[];
}

/** CSC v2 `signatures/signHash`. */
export class CscSignHashDto extends CscHashesDto {
  @ApiProperty({ description: 'The SAD that credentials/authorize gave' })
  @Required('SAD')
  @IsString()
  @MaxLength(MAX_TOKEN_LENGTH)
  SAD: string;

  @ApiProperty({ example: '1.2.840.113549.1.1.11' })
  @Required('signAlgo')
  @IsString()
  @MaxLength(64)
  signAlgo: string;
}
