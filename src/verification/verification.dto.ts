import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length } from 'class-validator';

/** The JSON form of `POST /verify`; the other form is the PDF itself as the body. */
export class VerifyByUrlDto {
  @ApiPropertyOptional({
    description: 'A direct HTTPS link to the stamped PDF (at most MAX_FILE_BYTES); required unless the body is the PDF',
    example: 'https://cdn.idflow.example/files/k7Qx2Lm9Pz4Rt8Vw1Yb6Nc3Hd0Jf5Gs2Ae7Ui9Oq4',
  })
  @IsOptional()
  @IsString({ message: 'url must be a string' })
  @Length(1, 2048, { message: 'url must be 1 to 2048 characters' })
  url?: string;
}
