import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';

/** The path of an action the review page takes for one signee: `/review/:docId/signees/:position/...`. */
export class ReviewSigneeParamsDto {
  @ApiProperty({
    description: 'The document id (`doc_...`) from the review link',
    example: 'doc_4mQ9zXwL2pR7vK1sN8bT3yC6hJ0dF5gA9eU2iO7q',
  })
  @IsString()
  docId: string;

  @ApiProperty({
    description: "The signee's index in the document's signee list: 0 for the first",
    type: 'integer',
    example: 0,
  })
  @Matches(/^\d{1,6}$/, { message: 'position must be the integer index of a signee: 0 for the first' })
  position: string;
}
