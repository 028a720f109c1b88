import type { Database } from '../../db/client';
import { insertContactMessage, type NewContactMessage } from './contact.repository';

export class ContactService {
  constructor(private readonly db: Database) {}

  receive(message: NewContactMessage) {
    return insertContactMessage(this.db, message);
  }
}
