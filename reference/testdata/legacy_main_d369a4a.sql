PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE schema_migrations (
		version    INTEGER PRIMARY KEY,
		name       TEXT NOT NULL,
		applied_at TEXT NOT NULL
	) STRICT;
INSERT INTO schema_migrations VALUES(1,'0001_init.sql','2026-11-27T12:00:00.000000000Z');
INSERT INTO schema_migrations VALUES(2,'0002_auth.sql','2026-11-27T12:00:00.000000000Z');
INSERT INTO schema_migrations VALUES(3,'0003_ledger.sql','2026-11-27T12:00:00.000000000Z');
INSERT INTO schema_migrations VALUES(4,'0004_funding.sql','2026-11-27T12:00:00.000000000Z');
INSERT INTO schema_migrations VALUES(5,'0005_crypto.sql','2026-11-27T12:00:00.000000000Z');
INSERT INTO schema_migrations VALUES(6,'0006_stats.sql','2026-11-27T12:00:00.000000000Z');
INSERT INTO schema_migrations VALUES(7,'0007_statements.sql','2026-11-27T12:00:00.000000000Z');
INSERT INTO schema_migrations VALUES(8,'0008_ledger_search.sql','2026-11-27T12:00:00.000000000Z');
INSERT INTO schema_migrations VALUES(9,'0009_payouts.sql','2026-11-27T12:00:00.000000000Z');
INSERT INTO schema_migrations VALUES(10,'0010_crypto_signed.sql','2026-11-27T12:00:00.000000000Z');
INSERT INTO schema_migrations VALUES(11,'0011_payout_reports.sql','2026-11-27T12:00:00.000000000Z');
INSERT INTO schema_migrations VALUES(12,'0012_payout_drafts.sql','2026-11-27T12:00:00.000000000Z');
INSERT INTO schema_migrations VALUES(13,'0013_receivers.sql','2026-11-27T12:00:00.000000000Z');
INSERT INTO schema_migrations VALUES(14,'0014_batches.sql','2026-11-27T12:00:00.000000000Z');
INSERT INTO schema_migrations VALUES(15,'0015_collections.sql','2026-11-27T12:00:00.000000000Z');
INSERT INTO schema_migrations VALUES(16,'0016_withdrawals.sql','2026-11-27T12:00:00.000000000Z');
INSERT INTO schema_migrations VALUES(20,'0020_batch_business_unit.sql','2026-11-27T12:00:00.000000000Z');
CREATE TABLE organisations (
    id                   TEXT PRIMARY KEY,
    name                 TEXT NOT NULL CHECK (name <> ''),
    ordering_institution TEXT NOT NULL DEFAULT '',
    country_iso          TEXT NOT NULL CHECK (length(country_iso) = 2),
    line1                TEXT NOT NULL DEFAULT '',
    line2                TEXT NOT NULL DEFAULT '',
    city                 TEXT NOT NULL DEFAULT '',
    postal_code          TEXT NOT NULL DEFAULT '',
    state                TEXT NOT NULL DEFAULT '',
    created_at           TEXT NOT NULL
) STRICT;
INSERT INTO organisations VALUES('0b6a3c1e-0000-4000-8000-000000000001','Nordic Trading ApS','Nordic Trading ApS','DK','Kongens Nytorv 8','2. sal','Copenhagen','1050','','2026-11-27T12:00:00.000000000Z');
INSERT INTO organisations VALUES('0b6a3c1e-0000-4000-8000-000000000002','Atlantic Freight Ltd','Atlantic Freight Ltd','GB','20 Fenchurch Street','Floor 5','London','EC3M 3BY','','2026-11-27T12:00:00.000000000Z');
CREATE TABLE users (
    id               TEXT PRIMARY KEY,
    email            TEXT NOT NULL UNIQUE CHECK (email <> '' AND email = lower(email)),
    password_hash    TEXT NOT NULL,
    first_name       TEXT NOT NULL DEFAULT '',
    last_name        TEXT NOT NULL DEFAULT '',
    created_at       TEXT NOT NULL,
    has_verify_setup INTEGER NOT NULL DEFAULT 0 CHECK (has_verify_setup IN (0, 1)),
    mfa_configured   INTEGER NOT NULL DEFAULT 0 CHECK (mfa_configured IN (0, 1)),
    mfa_enabled      INTEGER NOT NULL DEFAULT 0 CHECK (mfa_enabled IN (0, 1)),
    skip_mfa         INTEGER NOT NULL DEFAULT 0 CHECK (skip_mfa IN (0, 1)),
    has_phone        INTEGER NOT NULL DEFAULT 0 CHECK (has_phone IN (0, 1)),
    disabled         INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1))
) STRICT;
INSERT INTO users VALUES('5d2e8f40-0000-4000-8000-000000000001','default@demo.example','$argon2id$v=19$m=8,t=1,p=1$SAbcMkLQu9U7JirjZzpVtw$646Qm6rrLf873pM4RL0pm1tWg+KJVOEHi1fGXxryGmQ','Mads','Kristensen','2026-11-27T12:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('5d2e8f40-0000-4000-8000-000000000002','observer@demo.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Freja','Nielsen','2026-11-27T12:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('5d2e8f40-0000-4000-8000-000000000003','finance@demo.example','$argon2id$v=19$m=8,t=1,p=1$mDFZ1//eSV8clIhjfUGRQQ$+rcUfmZPjfeLLBzG2fSdwAFoutdDU4krYcXfjJCjLtM','Lars','Holm','2026-11-27T12:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('5d2e8f40-0000-4000-8000-000000000004','operations_member@demo.example','$argon2id$v=19$m=8,t=1,p=1$rXnev2Et5Z1kcDkzP0XXlA$jsXCmEpsgDRbUfag6wxuy7ddGYhOuts837FtocxlGRs','Sofie','Andersen','2026-11-27T12:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('5d2e8f40-0000-4000-8000-000000000005','operations_member_reviewer@demo.example','$argon2id$v=19$m=8,t=1,p=1$z1JRuc12mpLsOhQzjy3CwA$vE/NbJeQ8ugQLpKZApE5f+QambG7ytiGcB597gWNges','Jonas','Larsen','2026-11-27T12:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('5d2e8f40-0000-4000-8000-000000000006','admin@demo.example','$argon2id$v=19$m=8,t=1,p=1$1roO9hOqycmUm/TckcRXOQ$ndAbNKwx+ZcbbT6nJBs7yFNqkpu0umkpF2alEcJvjAQ','Camilla','Thomsen','2026-11-27T12:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('5d2e8f40-0000-4000-8000-000000000007','admin_reviewer@demo.example','$argon2id$v=19$m=8,t=1,p=1$zwETe+qoAm52K2Xl5+8S/w$pJNSMaa5ofJmdibfASP2kaouveOiszYe0GBwlJ0cMuo','Henrik','Madsen','2026-11-27T12:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('5d2e8f40-0000-4000-8000-000000000008','multi@demo.example','$argon2id$v=19$m=8,t=1,p=1$taBm9m0rMTk0oJ3p4rU4pQ$JAWaOZbOLRjZd+epz3HgfN4s7855BOhoCQjoUMJ2xE4','Oliver','Bennett','2026-11-27T12:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('5d2e8f40-0000-4000-8000-000000000016','atlantic-ops@demo.example','$argon2id$v=19$m=8,t=1,p=1$8X0ZtodkotYBskVrm0kJ+A$JvGhgCNpa4+TZPglZ4uG9zMTjuAxHoKOZRjPx21LMw0','Grace','Walker','2026-11-27T12:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('5d2e8f40-0000-4000-8000-000000000017','atlantic-reviewer@demo.example','$argon2id$v=19$m=8,t=1,p=1$y66hhERJteUfrEuNy4iZkw$j0ZLgdTqqF9z1k5m4fdHpNPQmA+u0PjPKk5+SVRbOnw','Harry','Evans','2026-11-27T12:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('5d2e8f40-0000-4000-8000-000000000018','atlantic-approver@demo.example','$argon2id$v=19$m=8,t=1,p=1$/2sN6bTr/tk5mzZVdUkPWA$fB4etLTAFcQN8HNthhXCj69m1iDzy8Jt7AQ3dagC35Q','Isla','Hughes','2026-11-27T12:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('5d2e8f40-0000-4000-8000-000000000009','noorg@demo.example','$argon2id$v=19$m=8,t=1,p=1$wn7cum6aZKIy7WDZ9lsKhQ$zme3+UmSSPhLg2eh+WsVfQ4J+PzKanVB6OhNcwtUAL4','Emma','Clarke','2026-11-27T12:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('5d2e8f40-0000-4000-8000-000000000010','disabled@demo.example','$argon2id$v=19$m=8,t=1,p=1$j5DyODDccHDTfAT1WkbD0g$tZncas3KaMPFk8XeMYzYLR1XMzuDpljXYrPmB5BbV30','Peter','Schmidt','2026-11-27T12:00:00.000000000Z',0,0,0,1,0,1);
INSERT INTO users VALUES('5d2e8f40-0000-4000-8000-000000000011','mfa-totp@demo.example','$argon2id$v=19$m=8,t=1,p=1$TZRhEpy69WzhZo2jCTKGXQ$6ZRGuvWvODgzNdNdJvOF9l/FITyz5F/mFkmiNYqYDTs','Astrid','Lund','2026-11-27T12:00:00.000000000Z',1,1,1,0,0,0);
INSERT INTO users VALUES('5d2e8f40-0000-4000-8000-000000000012','mfa-sms@demo.example','$argon2id$v=19$m=8,t=1,p=1$VhT6KjjUijs7sgq4yOOxog$9r2KHpGDzvccJrtl9Qsn3JKYBJUF8jkoz0agSkJiSjs','Mikkel','Dahl','2026-11-27T12:00:00.000000000Z',0,1,1,0,1,0);
INSERT INTO users VALUES('5d2e8f40-0000-4000-8000-000000000013','mfa-authy@demo.example','$argon2id$v=19$m=8,t=1,p=1$t2U19iByXnLW0kQzk7g/bA$NLlJf7wiv3LnVh5ZwdCMVqAaxBTDkn5J2Ik/beqoJ8Q','Ida','Poulsen','2026-11-27T12:00:00.000000000Z',0,1,1,0,0,0);
INSERT INTO users VALUES('5d2e8f40-0000-4000-8000-000000000014','mfa-new@demo.example','$argon2id$v=19$m=8,t=1,p=1$yZtJTWDUqGBiS/yUTY5M9Q$JClQvEtORCaypDpEwPYplI4bmaSk4UgpBeqgl79Lquo','Noah','Berg','2026-11-27T12:00:00.000000000Z',0,0,0,0,0,0);
INSERT INTO users VALUES('5d2e8f40-0000-4000-8000-000000000015','invited@demo.example','','Clara','Winther','2026-11-27T12:00:00.000000000Z',0,0,0,0,0,0);
INSERT INTO users VALUES('745763c4-4de8-5a4b-b444-60b409170f44','anna.jensen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Anna','Jensen','2026-09-09T10:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('5d707508-b4e1-54b6-b2b1-8170c99dc125','bo.hansen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Bo','Hansen','2026-09-12T11:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('785e721a-95bd-51b3-b671-04129b5530f2','cecilie.pedersen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Cecilie','Pedersen','2026-09-15T12:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('ff7f2adf-0a52-5f86-ad28-6ae673dcb2de','dan.christensen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Dan','Christensen','2026-09-18T13:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('6fb1d63e-9a41-52ee-9f14-a2f5d8483d4b','emil.rasmussen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Emil','Rasmussen','2026-09-21T14:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('6fcbcbc1-97bd-567b-b99c-3e6665af9eb7','frida.joergensen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Frida','Jørgensen','2026-09-24T15:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('8347f508-5810-563b-bd5d-99ed478171a2','gustav.petersen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Gustav','Petersen','2026-09-27T16:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('3b1a4d71-a42a-502f-9c33-d7a40b309995','hanne.soerensen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Hanne','Sørensen','2026-09-30T17:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('647acef0-89e5-5c67-a3c2-18c585565aec','ib.moeller@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Ib','Møller','2026-10-03T18:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('275fd458-f91d-5e75-b380-d26a0d32ad19','julie.jensen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Julie','Jensen','2026-10-06T19:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('bf8cc638-dfab-5634-a66f-d8c9942b71e4','kasper.hansen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Kasper','Hansen','2026-10-09T20:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('b3f2546e-2eaa-58d9-9305-687bde2b7c51','line.pedersen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Line','Pedersen','2026-10-12T21:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('ed18816c-63a6-50da-aa44-a4011d5f89c2','morten.christensen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Morten','Christensen','2026-10-15T22:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('5eb4010f-1ee7-53e3-a137-b560d96b7a36','nanna.rasmussen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Nanna','Rasmussen','2026-10-18T23:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('f3df1e42-0c6e-5727-99eb-829abebd2df1','ole.joergensen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Ole','Jørgensen','2026-10-22T00:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('e33c3280-1e3c-58c9-8e14-8d93e3a0d857','pernille.petersen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Pernille','Petersen','2026-10-25T01:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('0b8f177c-162f-534f-a226-6bd383786291','rasmus.soerensen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Rasmus','Sørensen','2026-10-28T02:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('6a841d7b-2684-5179-bdb8-ad4154612762','signe.moeller@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Signe','Møller','2026-10-31T03:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('3a80d43b-61ad-5b73-a4c7-2e377654b91c','troels.jensen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Troels','Jensen','2026-11-03T04:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('8754ec5a-8742-59e3-bd48-3fcaa577d561','ulla.hansen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Ulla','Hansen','2026-11-06T05:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('53e5f765-1eb4-5418-a38a-7760357ec2ad','viggo.pedersen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Viggo','Pedersen','2026-11-09T06:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('56b37cc1-b0e5-5449-be42-c55fe825ee14','wilma.christensen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Wilma','Christensen','2026-11-12T07:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('c8088e38-f396-5ee5-a68f-76730ed0d9a0','yrsa.rasmussen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Yrsa','Rasmussen','2026-11-15T08:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('196e385e-9a28-516c-9176-cdb6a0c1216d','aksel.joergensen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Aksel','Jørgensen','2026-11-18T09:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('748d3016-4935-5da7-ad2d-3751b6bc6953','birgitte.petersen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Birgitte','Petersen','2026-11-21T10:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('c8937cbb-b201-54fa-9237-8b28dc95ede3','carl.soerensen@nordic-trading.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Carl','Sørensen','2026-11-24T11:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('6bfe3e74-1ac0-53d1-a377-c314f2d95877','atlantic-admin@demo.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Alice','Smith','2026-09-15T12:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('1d87baff-dcbb-5f6a-805c-7d4339805ea6','ben.jones@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Ben','Jones','2026-09-18T13:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('efc6586c-c1ef-5f33-b2d5-def5a8bc7f7d','chloe.taylor@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Chloe','Taylor','2026-09-21T14:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('dee94fa8-edad-57db-a212-a5b17bbd772d','david.brown@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','David','Brown','2026-09-24T15:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('993d3119-1432-59d8-b66d-9846222f1fc5','eleanor.williams@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Eleanor','Williams','2026-09-27T16:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('3eb548a3-5977-5c61-b29a-98f4670a4ced','finn.wilson@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Finn','Wilson','2026-09-30T17:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('2d81ac59-742e-5184-9f89-5704e556a00b','grace.davies@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Grace','Davies','2026-10-03T18:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('7c575248-866e-5b89-8703-f0dd1cefcc32','harry.evans@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Harry','Evans','2026-10-06T19:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('6a38c234-9991-5e84-a178-f0d0a33b7974','isla.thomas@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Isla','Thomas','2026-10-09T20:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('46e4632e-b555-56da-972c-b04e9c6eb2de','jack.smith@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Jack','Smith','2026-10-12T21:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('c2491eb0-238b-5290-9e33-65ad030e1cf1','katie.jones@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Katie','Jones','2026-10-15T22:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('bae5c7e1-e48b-5cde-96bf-a4ca876118b6','liam.taylor@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Liam','Taylor','2026-10-18T23:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('d9e39757-eb71-5d95-aa4c-002b3d535304','mia.brown@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Mia','Brown','2026-10-22T00:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('ef2131dd-8f9c-5e36-bbe2-8c9504c548f9','noah.williams@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Noah','Williams','2026-10-25T01:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('5597178b-e4a2-5356-a491-63f9b9ef7731','olivia.wilson@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Olivia','Wilson','2026-10-28T02:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('ca648e95-2c81-557c-894d-a774635af5ea','patrick.davies@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Patrick','Davies','2026-10-31T03:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('34d86778-2908-52a0-aa5d-27c02be3abf9','ruby.evans@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Ruby','Evans','2026-11-03T04:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('28ead350-9ef4-568d-a90e-0e771ef5d7e8','samuel.thomas@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Samuel','Thomas','2026-11-06T05:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('73db75ea-7fc9-51fb-b989-5046e0129136','thea.smith@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Thea','Smith','2026-11-09T06:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('ca298eed-6301-50ad-abe9-71b07619bdf8','umar.jones@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Umar','Jones','2026-11-12T07:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('c05ac26a-56f0-5a20-8de1-98c6d3fb521a','victoria.taylor@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Victoria','Taylor','2026-11-15T08:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('e53e8c61-6b3c-5961-8281-58af2d61a730','william.brown@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','William','Brown','2026-11-18T09:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('e7d2f02d-c3ca-5505-b619-22f415086362','zara.williams@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Zara','Williams','2026-11-21T10:00:00.000000000Z',0,0,0,1,0,0);
INSERT INTO users VALUES('a6ae4fae-5dc4-54c5-b265-5a266928eb64','arthur.wilson@atlantic-freight.example','$argon2id$v=19$m=8,t=1,p=1$sH4litQS/ppQWk+tQUr7Ig$hjyUOlL0F1T+HpH2rxV5VBtuwpQNw10AJhiGtgm/s7k','Arthur','Wilson','2026-11-24T11:00:00.000000000Z',0,0,0,1,0,0);
CREATE TABLE memberships (
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    role            TEXT NOT NULL CHECK (role <> ''),
    is_default      INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
    PRIMARY KEY (user_id, organisation_id)
) STRICT, WITHOUT ROWID;
INSERT INTO memberships VALUES('0b8f177c-162f-534f-a226-6bd383786291','0b6a3c1e-0000-4000-8000-000000000001','accountant',1);
INSERT INTO memberships VALUES('196e385e-9a28-516c-9176-cdb6a0c1216d','0b6a3c1e-0000-4000-8000-000000000001','finance',1);
INSERT INTO memberships VALUES('1d87baff-dcbb-5f6a-805c-7d4339805ea6','0b6a3c1e-0000-4000-8000-000000000002','observer',1);
INSERT INTO memberships VALUES('275fd458-f91d-5e75-b380-d26a0d32ad19','0b6a3c1e-0000-4000-8000-000000000001','observer',1);
INSERT INTO memberships VALUES('28ead350-9ef4-568d-a90e-0e771ef5d7e8','0b6a3c1e-0000-4000-8000-000000000002','observer',1);
INSERT INTO memberships VALUES('2d81ac59-742e-5184-9f89-5704e556a00b','0b6a3c1e-0000-4000-8000-000000000002','accountant',1);
INSERT INTO memberships VALUES('34d86778-2908-52a0-aa5d-27c02be3abf9','0b6a3c1e-0000-4000-8000-000000000002','admin',1);
INSERT INTO memberships VALUES('3a80d43b-61ad-5b73-a4c7-2e377654b91c','0b6a3c1e-0000-4000-8000-000000000001','observer',1);
INSERT INTO memberships VALUES('3b1a4d71-a42a-502f-9c33-d7a40b309995','0b6a3c1e-0000-4000-8000-000000000001','accountant',1);
INSERT INTO memberships VALUES('3eb548a3-5977-5c61-b29a-98f4670a4ced','0b6a3c1e-0000-4000-8000-000000000002','observer',1);
INSERT INTO memberships VALUES('46e4632e-b555-56da-972c-b04e9c6eb2de','0b6a3c1e-0000-4000-8000-000000000002','observer',1);
INSERT INTO memberships VALUES('53e5f765-1eb4-5418-a38a-7760357ec2ad','0b6a3c1e-0000-4000-8000-000000000001','operations_member',1);
INSERT INTO memberships VALUES('5597178b-e4a2-5356-a491-63f9b9ef7731','0b6a3c1e-0000-4000-8000-000000000002','accountant',1);
INSERT INTO memberships VALUES('56b37cc1-b0e5-5449-be42-c55fe825ee14','0b6a3c1e-0000-4000-8000-000000000001','observer',1);
INSERT INTO memberships VALUES('5d2e8f40-0000-4000-8000-000000000001','0b6a3c1e-0000-4000-8000-000000000001','default',1);
INSERT INTO memberships VALUES('5d2e8f40-0000-4000-8000-000000000002','0b6a3c1e-0000-4000-8000-000000000001','observer',1);
INSERT INTO memberships VALUES('5d2e8f40-0000-4000-8000-000000000003','0b6a3c1e-0000-4000-8000-000000000001','finance',1);
INSERT INTO memberships VALUES('5d2e8f40-0000-4000-8000-000000000004','0b6a3c1e-0000-4000-8000-000000000001','operations member',1);
INSERT INTO memberships VALUES('5d2e8f40-0000-4000-8000-000000000005','0b6a3c1e-0000-4000-8000-000000000001','operations_member_reviewer',1);
INSERT INTO memberships VALUES('5d2e8f40-0000-4000-8000-000000000006','0b6a3c1e-0000-4000-8000-000000000001','admin',1);
INSERT INTO memberships VALUES('5d2e8f40-0000-4000-8000-000000000007','0b6a3c1e-0000-4000-8000-000000000001','admin_reviewer',1);
INSERT INTO memberships VALUES('5d2e8f40-0000-4000-8000-000000000008','0b6a3c1e-0000-4000-8000-000000000001','admin',0);
INSERT INTO memberships VALUES('5d2e8f40-0000-4000-8000-000000000008','0b6a3c1e-0000-4000-8000-000000000002','observer',1);
INSERT INTO memberships VALUES('5d2e8f40-0000-4000-8000-000000000010','0b6a3c1e-0000-4000-8000-000000000001','observer',1);
INSERT INTO memberships VALUES('5d2e8f40-0000-4000-8000-000000000011','0b6a3c1e-0000-4000-8000-000000000001','observer',1);
INSERT INTO memberships VALUES('5d2e8f40-0000-4000-8000-000000000012','0b6a3c1e-0000-4000-8000-000000000001','observer',1);
INSERT INTO memberships VALUES('5d2e8f40-0000-4000-8000-000000000013','0b6a3c1e-0000-4000-8000-000000000001','observer',1);
INSERT INTO memberships VALUES('5d2e8f40-0000-4000-8000-000000000014','0b6a3c1e-0000-4000-8000-000000000001','observer',1);
INSERT INTO memberships VALUES('5d2e8f40-0000-4000-8000-000000000015','0b6a3c1e-0000-4000-8000-000000000001','observer',1);
INSERT INTO memberships VALUES('5d2e8f40-0000-4000-8000-000000000016','0b6a3c1e-0000-4000-8000-000000000002','operations_member',1);
INSERT INTO memberships VALUES('5d2e8f40-0000-4000-8000-000000000017','0b6a3c1e-0000-4000-8000-000000000002','operations_member_reviewer',1);
INSERT INTO memberships VALUES('5d2e8f40-0000-4000-8000-000000000018','0b6a3c1e-0000-4000-8000-000000000002','admin_reviewer',1);
INSERT INTO memberships VALUES('5d707508-b4e1-54b6-b2b1-8170c99dc125','0b6a3c1e-0000-4000-8000-000000000001','finance',1);
INSERT INTO memberships VALUES('5eb4010f-1ee7-53e3-a137-b560d96b7a36','0b6a3c1e-0000-4000-8000-000000000001','operations_member_reviewer',1);
INSERT INTO memberships VALUES('647acef0-89e5-5c67-a3c2-18c585565aec','0b6a3c1e-0000-4000-8000-000000000001','observer',1);
INSERT INTO memberships VALUES('6a38c234-9991-5e84-a178-f0d0a33b7974','0b6a3c1e-0000-4000-8000-000000000002','admin',1);
INSERT INTO memberships VALUES('6a841d7b-2684-5179-bdb8-ad4154612762','0b6a3c1e-0000-4000-8000-000000000001','observer',1);
INSERT INTO memberships VALUES('6bfe3e74-1ac0-53d1-a377-c314f2d95877','0b6a3c1e-0000-4000-8000-000000000002','admin',1);
INSERT INTO memberships VALUES('6fb1d63e-9a41-52ee-9f14-a2f5d8483d4b','0b6a3c1e-0000-4000-8000-000000000001','operations_member_reviewer',1);
INSERT INTO memberships VALUES('6fcbcbc1-97bd-567b-b99c-3e6665af9eb7','0b6a3c1e-0000-4000-8000-000000000001','finance',1);
INSERT INTO memberships VALUES('73db75ea-7fc9-51fb-b989-5046e0129136','0b6a3c1e-0000-4000-8000-000000000002','finance',1);
INSERT INTO memberships VALUES('745763c4-4de8-5a4b-b444-60b409170f44','0b6a3c1e-0000-4000-8000-000000000001','observer',1);
INSERT INTO memberships VALUES('748d3016-4935-5da7-ad2d-3751b6bc6953','0b6a3c1e-0000-4000-8000-000000000001','admin',1);
INSERT INTO memberships VALUES('785e721a-95bd-51b3-b671-04129b5530f2','0b6a3c1e-0000-4000-8000-000000000001','operations_member',1);
INSERT INTO memberships VALUES('7c575248-866e-5b89-8703-f0dd1cefcc32','0b6a3c1e-0000-4000-8000-000000000002','admin_reviewer',1);
INSERT INTO memberships VALUES('8347f508-5810-563b-bd5d-99ed478171a2','0b6a3c1e-0000-4000-8000-000000000001','admin',1);
INSERT INTO memberships VALUES('8754ec5a-8742-59e3-bd48-3fcaa577d561','0b6a3c1e-0000-4000-8000-000000000001','finance',1);
INSERT INTO memberships VALUES('993d3119-1432-59d8-b66d-9846222f1fc5','0b6a3c1e-0000-4000-8000-000000000002','operations_member_reviewer',1);
INSERT INTO memberships VALUES('a6ae4fae-5dc4-54c5-b265-5a266928eb64','0b6a3c1e-0000-4000-8000-000000000002','admin_reviewer',1);
INSERT INTO memberships VALUES('b3f2546e-2eaa-58d9-9305-687bde2b7c51','0b6a3c1e-0000-4000-8000-000000000001','operations_member',1);
INSERT INTO memberships VALUES('bae5c7e1-e48b-5cde-96bf-a4ca876118b6','0b6a3c1e-0000-4000-8000-000000000002','operations_member',1);
INSERT INTO memberships VALUES('bf8cc638-dfab-5634-a66f-d8c9942b71e4','0b6a3c1e-0000-4000-8000-000000000001','finance',1);
INSERT INTO memberships VALUES('c05ac26a-56f0-5a20-8de1-98c6d3fb521a','0b6a3c1e-0000-4000-8000-000000000002','operations_member_reviewer',1);
INSERT INTO memberships VALUES('c2491eb0-238b-5290-9e33-65ad030e1cf1','0b6a3c1e-0000-4000-8000-000000000002','finance',1);
INSERT INTO memberships VALUES('c8088e38-f396-5ee5-a68f-76730ed0d9a0','0b6a3c1e-0000-4000-8000-000000000001','operations_member_reviewer',1);
INSERT INTO memberships VALUES('c8937cbb-b201-54fa-9237-8b28dc95ede3','0b6a3c1e-0000-4000-8000-000000000001','accountant',1);
INSERT INTO memberships VALUES('ca298eed-6301-50ad-abe9-71b07619bdf8','0b6a3c1e-0000-4000-8000-000000000002','operations_member',1);
INSERT INTO memberships VALUES('ca648e95-2c81-557c-894d-a774635af5ea','0b6a3c1e-0000-4000-8000-000000000002','admin_reviewer',1);
INSERT INTO memberships VALUES('d9e39757-eb71-5d95-aa4c-002b3d535304','0b6a3c1e-0000-4000-8000-000000000002','operations_member_reviewer',1);
INSERT INTO memberships VALUES('dee94fa8-edad-57db-a212-a5b17bbd772d','0b6a3c1e-0000-4000-8000-000000000002','operations_member',1);
INSERT INTO memberships VALUES('e33c3280-1e3c-58c9-8e14-8d93e3a0d857','0b6a3c1e-0000-4000-8000-000000000001','admin',1);
INSERT INTO memberships VALUES('e53e8c61-6b3c-5961-8281-58af2d61a730','0b6a3c1e-0000-4000-8000-000000000002','observer',1);
INSERT INTO memberships VALUES('e7d2f02d-c3ca-5505-b619-22f415086362','0b6a3c1e-0000-4000-8000-000000000002','accountant',1);
INSERT INTO memberships VALUES('ed18816c-63a6-50da-aa44-a4011d5f89c2','0b6a3c1e-0000-4000-8000-000000000001','observer',1);
INSERT INTO memberships VALUES('ef2131dd-8f9c-5e36-bbe2-8c9504c548f9','0b6a3c1e-0000-4000-8000-000000000002','observer',1);
INSERT INTO memberships VALUES('efc6586c-c1ef-5f33-b2d5-def5a8bc7f7d','0b6a3c1e-0000-4000-8000-000000000002','finance',1);
INSERT INTO memberships VALUES('f3df1e42-0c6e-5727-99eb-829abebd2df1','0b6a3c1e-0000-4000-8000-000000000001','finance',1);
INSERT INTO memberships VALUES('ff7f2adf-0a52-5f86-ad28-6ae673dcb2de','0b6a3c1e-0000-4000-8000-000000000001','observer',1);
CREATE TABLE organisation_configurations (
    organisation_id                   TEXT PRIMARY KEY REFERENCES organisations (id) ON DELETE CASCADE,
    manual_payouts_enabled            INTEGER NOT NULL DEFAULT 0 CHECK (manual_payouts_enabled IN (0, 1)),
    batches_enabled                   INTEGER NOT NULL DEFAULT 0 CHECK (batches_enabled >= 0),
    batch_number_of_approvers         INTEGER NOT NULL DEFAULT 0 CHECK (batch_number_of_approvers >= 0),
    manual_payout_number_of_approvers INTEGER NOT NULL DEFAULT 0 CHECK (manual_payout_number_of_approvers >= 0),
    customer_ab_testing               INTEGER NOT NULL DEFAULT 0 CHECK (customer_ab_testing IN (0, 1)),
    fx_widget_enabled                 INTEGER NOT NULL DEFAULT 0 CHECK (fx_widget_enabled IN (0, 1))
) STRICT;
INSERT INTO organisation_configurations VALUES('0b6a3c1e-0000-4000-8000-000000000001',1,1,2,1,1,1);
INSERT INTO organisation_configurations VALUES('0b6a3c1e-0000-4000-8000-000000000002',1,1,0,2,0,0);
CREATE TABLE contracted_products (
    id              TEXT PRIMARY KEY,
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    kind            TEXT NOT NULL CHECK (kind IN ('payout', 'collection')),
    name            TEXT NOT NULL,
    currency_iso    TEXT NOT NULL
, local_instrument TEXT NOT NULL DEFAULT '') STRICT;
CREATE TABLE feature_flags (
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    name            TEXT NOT NULL,
    enabled         INTEGER NOT NULL CHECK (enabled IN (0, 1)),
    PRIMARY KEY (organisation_id, name)
) STRICT, WITHOUT ROWID;
CREATE TABLE alerts (
    id              TEXT PRIMARY KEY,
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    alert_type      TEXT NOT NULL CHECK (alert_type IN ('info', 'warning', 'error')),
    alert_message   TEXT NOT NULL,
    created_at      TEXT NOT NULL
) STRICT;
CREATE TABLE accounts (
    account_number        TEXT PRIMARY KEY CHECK (account_number <> ''),
    owner_organisation_id TEXT REFERENCES organisations (id) ON DELETE RESTRICT,
    name                  TEXT NOT NULL,
    currency_code         TEXT NOT NULL,
    currency_name         TEXT NOT NULL,
    balance               TEXT NOT NULL DEFAULT '0',
    created_at            TEXT NOT NULL
, kind TEXT NOT NULL DEFAULT 'customer' CHECK (kind IN ('customer', 'system')), entry_count INTEGER NOT NULL DEFAULT 0 CHECK (entry_count >= 0)) STRICT;
INSERT INTO accounts VALUES('4520011000000015','0b6a3c1e-0000-4000-8000-000000000001','Main EUR','EUR','Euro','125000.00','2026-08-28T12:00:00.000000000Z','customer',265);
INSERT INTO accounts VALUES('4520011000000023','0b6a3c1e-0000-4000-8000-000000000001','Payroll GBP','GBP','Pound Sterling','48210.55','2026-08-28T12:00:00.000000000Z','customer',236);
INSERT INTO accounts VALUES('4520011000000031','0b6a3c1e-0000-4000-8000-000000000001','Settlement USD','USD','US Dollar','310457.20','2026-08-28T12:00:00.000000000Z','customer',198);
INSERT INTO accounts VALUES('4520011000000049','0b6a3c1e-0000-4000-8000-000000000001','Operations DKK','DKK','Danish Krone','862350.75','2026-08-28T12:00:00.000000000Z','customer',171);
INSERT INTO accounts VALUES('4520011000000056','0b6a3c1e-0000-4000-8000-000000000001','Crypto USDT','USDT','Tether USD','48250.125000','2026-08-28T12:00:00.000000000Z','customer',179);
INSERT INTO accounts VALUES('4520012000000014','0b6a3c1e-0000-4000-8000-000000000002','Operating GBP','GBP','Pound Sterling','89120.40','2026-08-28T12:00:00.000000000Z','customer',488);
INSERT INTO accounts VALUES('4520012000000022','0b6a3c1e-0000-4000-8000-000000000002','Freight USD','USD','US Dollar','15400.00','2026-08-28T12:00:00.000000000Z','customer',402);
INSERT INTO accounts VALUES('4520019000000017',NULL,'Partner pool EUR','EUR','Euro','2500000.00','2026-08-28T12:00:00.000000000Z','customer',789);
INSERT INTO accounts VALUES('SYS-EXT-USDT',NULL,'Provider EXT USDT','USDT','USDT','-41356.281626','2026-08-29T07:00:00.000000000Z','system',87);
INSERT INTO accounts VALUES('SYS-EXT-DKK',NULL,'Provider EXT DKK','DKK','DKK','-877558.22','2026-08-29T08:00:00.000000000Z','system',89);
INSERT INTO accounts VALUES('SYS-EXT-USD',NULL,'Provider EXT USD','USD','USD','-326158.42','2026-08-29T09:00:00.000000000Z','system',273);
INSERT INTO accounts VALUES('SYS-EXT-GBP',NULL,'Provider EXT GBP','GBP','GBP','-140360.99','2026-08-29T10:00:00.000000000Z','system',342);
INSERT INTO accounts VALUES('SYS-EXT-EUR',NULL,'Provider EXT EUR','EUR','EUR','-2645524.60','2026-08-29T11:00:00.000000000Z','system',531);
INSERT INTO accounts VALUES('SYS-FEE-USDT',NULL,'Provider FEE USDT','USDT','USDT','217.854176','2026-08-29T12:01:00.000000000Z','system',78);
INSERT INTO accounts VALUES('SYS-FEE-USD',NULL,'Provider FEE USD','USD','USD','925.85','2026-08-29T12:01:00.000000000Z','system',266);
INSERT INTO accounts VALUES('SYS-FEE-EUR',NULL,'Provider FEE EUR','EUR','EUR','17478.59','2026-08-29T13:15:00.000000000Z','system',508);
INSERT INTO accounts VALUES('SYS-FEE-GBP',NULL,'Provider FEE GBP','GBP','GBP','955.95','2026-08-29T14:17:00.000000000Z','system',321);
INSERT INTO accounts VALUES('SYS-FEE-DKK',NULL,'Provider FEE DKK','DKK','DKK','1370.88','2026-08-29T18:06:00.000000000Z','system',73);
INSERT INTO accounts VALUES('SYS-FX-GBP',NULL,'Provider FX GBP','GBP','GBP','2074.09','2026-08-29T23:30:00.000000000Z','system',61);
INSERT INTO accounts VALUES('SYS-FX-USD',NULL,'Provider FX USD','USD','USD','-624.63','2026-08-29T23:30:00.000000000Z','system',61);
INSERT INTO accounts VALUES('SYS-FX-USDT',NULL,'Provider FX USDT','USDT','USDT','-7111.697550','2026-09-03T00:26:00.000000000Z','system',14);
INSERT INTO accounts VALUES('SYS-FX-DKK',NULL,'Provider FX DKK','DKK','DKK','13836.59','2026-09-04T11:08:00.000000000Z','system',9);
INSERT INTO accounts VALUES('SYS-FX-EUR',NULL,'Provider FX EUR','EUR','EUR','3046.01','2026-09-10T13:14:00.000000000Z','system',15);
CREATE TABLE account_shares (
    account_number  TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE CASCADE,
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    PRIMARY KEY (organisation_id, account_number)
) STRICT, WITHOUT ROWID;
INSERT INTO account_shares VALUES('4520019000000017','0b6a3c1e-0000-4000-8000-000000000001');
INSERT INTO account_shares VALUES('4520019000000017','0b6a3c1e-0000-4000-8000-000000000002');
CREATE TABLE totp_factors (
    user_id      TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret       TEXT NOT NULL CHECK (secret <> ''),
    status       TEXT NOT NULL CHECK (status IN ('pending', 'active')),
    last_step    INTEGER NOT NULL DEFAULT -1,
    created_at   TEXT NOT NULL,
    activated_at TEXT
) STRICT;
CREATE TABLE phones (
    user_id         TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    country_iso     TEXT NOT NULL CHECK (length(country_iso) = 2),
    calling_code    TEXT NOT NULL CHECK (calling_code <> ''),
    number          TEXT NOT NULL CHECK (number <> ''),
    confirmed       INTEGER NOT NULL DEFAULT 0 CHECK (confirmed IN (0, 1)),
    code_hash       TEXT,
    code_expires_at TEXT,
    code_attempts   INTEGER NOT NULL DEFAULT 0,
    created_at      TEXT NOT NULL,
    confirmed_at    TEXT,
    CHECK (confirmed = 0 OR code_hash IS NULL)
) STRICT;
CREATE TABLE sms_login_codes (
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    login_id   TEXT NOT NULL CHECK (login_id <> ''),
    code_hash  TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    spent      INTEGER NOT NULL DEFAULT 0 CHECK (spent IN (0, 1)),
    PRIMARY KEY (user_id, login_id)
) STRICT, WITHOUT ROWID;
CREATE TABLE push_devices (
    user_id      TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    push_enabled INTEGER NOT NULL DEFAULT 1 CHECK (push_enabled IN (0, 1)),
    created_at   TEXT NOT NULL
) STRICT;
CREATE TABLE push_approvals (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    login_id   TEXT NOT NULL CHECK (login_id <> ''),
    status     TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'denied')),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    decided_at TEXT
) STRICT;
CREATE TABLE password_tokens (
    token_hash TEXT PRIMARY KEY CHECK (length(token_hash) = 64),
    kind       TEXT NOT NULL CHECK (kind IN ('reset', 'invitation')),
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    spent_at   TEXT
) STRICT;
CREATE TABLE outbox_messages (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    id         TEXT NOT NULL UNIQUE,
    kind       TEXT NOT NULL CHECK (kind IN ('email', 'sms')),
    recipient  TEXT NOT NULL,
    subject    TEXT NOT NULL DEFAULT '',
    body       TEXT NOT NULL,
    link       TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
) STRICT;
CREATE TABLE ledger_transactions (
    id              TEXT PRIMARY KEY,
    kind            TEXT NOT NULL,
    organisation_id TEXT REFERENCES organisations (id) ON DELETE RESTRICT,
    -- Idempotency: one transaction per (organisation, key); request_hash is the SHA-256 of
    -- the canonical request body, to tell a retry from a reused key.
    idempotency_key TEXT,
    request_hash    TEXT,
    end_to_end_id   TEXT NOT NULL DEFAULT '',
    exchange_rate   TEXT NOT NULL DEFAULT '',
    created_at      TEXT NOT NULL,
    CHECK ((idempotency_key IS NULL) = (request_hash IS NULL))
) STRICT;
CREATE TABLE ledger_entries (
    seq             INTEGER PRIMARY KEY,
    transaction_id  TEXT NOT NULL REFERENCES ledger_transactions (id) ON DELETE RESTRICT,
    account_number  TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE RESTRICT,
    entry_type      TEXT NOT NULL CHECK (entry_type IN ('collection', 'collection_refund', 'collection_fee',
        'collection_refund_fee', 'refund_canceled', 'refund_returned', 'payout', 'payout_fee', 'payout_returned',
        'payout_cancelled', 'incident_charges_fee', 'monthly_fee', 'minimum_processing_fee',
        'inter_account_transfer', 'correction', 'funding')),
    amount          TEXT NOT NULL CHECK (amount <> '' AND amount NOT IN ('0', '-0')),
    running_balance TEXT NOT NULL,
    currency        TEXT NOT NULL,
    reference       TEXT NOT NULL DEFAULT '',
    order_id        TEXT NOT NULL DEFAULT '',
    created_at      TEXT NOT NULL
) STRICT;
CREATE TABLE ledger_entry_type_counts (
    account_number TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE RESTRICT,
    entry_type     TEXT NOT NULL,
    n              INTEGER NOT NULL CHECK (n >= 0),
    PRIMARY KEY (account_number, entry_type)
) STRICT, WITHOUT ROWID;
CREATE TABLE fx_markups (
    id               TEXT PRIMARY KEY,
    organisation_id  TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    pay_currency_iso TEXT NOT NULL,
    buy_currency_iso TEXT NOT NULL,
    markup_bps       INTEGER NOT NULL CHECK (markup_bps >= 0 AND markup_bps < 10000),
    UNIQUE (organisation_id, pay_currency_iso, buy_currency_iso)
) STRICT;
CREATE TABLE funding_instructions (
    account_number      TEXT PRIMARY KEY REFERENCES accounts (account_number) ON DELETE RESTRICT,
    uuid                TEXT NOT NULL UNIQUE,
    currency_iso        TEXT NOT NULL,
    funding_reference   TEXT NOT NULL,
    changed             INTEGER NOT NULL DEFAULT 0 CHECK (changed IN (0, 1)),
    full_name           TEXT NOT NULL DEFAULT '',
    iban                TEXT NOT NULL DEFAULT '',
    bank_name           TEXT NOT NULL DEFAULT '',
    bank_address        TEXT NOT NULL DEFAULT '',
    beneficiary_account TEXT NOT NULL DEFAULT '',
    sort_code           TEXT NOT NULL DEFAULT '',
    swift_code          TEXT NOT NULL DEFAULT '',
    crypto_network      TEXT NOT NULL DEFAULT '',
    wallet_address      TEXT NOT NULL DEFAULT '',
    updated_at          TEXT NOT NULL,
    accepted_at         TEXT
) STRICT;
CREATE TABLE statements (
    seq             INTEGER PRIMARY KEY,
    id              TEXT NOT NULL UNIQUE,
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    account_number  TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE RESTRICT,
    currency        TEXT NOT NULL,
    kind            TEXT NOT NULL CHECK (kind IN ('transactions', 'charges')),
    period_from     TEXT NOT NULL,
    period_to       TEXT NOT NULL CHECK (period_to > period_from),
    -- The last ledger entry booked when the statement was requested: a retried job writes the
    -- same rows however much was booked since.
    through_seq     INTEGER NOT NULL,
    requested_by    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    state           TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'generating', 'ready', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    lease_token     TEXT,
    lease_until     TEXT,
    csv_file_id     TEXT,
    entry_count     INTEGER NOT NULL DEFAULT 0,
    opening_balance TEXT NOT NULL DEFAULT '',
    closing_balance TEXT NOT NULL DEFAULT '',
    created_at      TEXT NOT NULL,
    ready_at        TEXT,
    CHECK ((state = 'ready') = (csv_file_id IS NOT NULL))
) STRICT;
CREATE TABLE statement_chunks (
    file_id      TEXT NOT NULL,
    n            INTEGER NOT NULL CHECK (n >= 0),
    statement_id TEXT NOT NULL REFERENCES statements (id) ON DELETE CASCADE,
    data         BLOB NOT NULL,
    PRIMARY KEY (file_id, n)
) STRICT, WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS "payout_requests" (
    seq                      INTEGER PRIMARY KEY,
    id                       TEXT NOT NULL UNIQUE,
    organisation_id          TEXT NOT NULL REFERENCES organisations (id) ON DELETE RESTRICT,
    virtual_account_number   TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE RESTRICT,
    state                    TEXT NOT NULL,
    reason_code              TEXT NOT NULL DEFAULT '',
    amount                   TEXT NOT NULL,
    currency                 TEXT NOT NULL,
    created_at               TEXT NOT NULL,
    unique_reference         TEXT NOT NULL,
    end_to_end_id            TEXT NOT NULL,
    -- The amount as fixed-width text (20 integer digits, 18 decimals), so a range filter
    -- compares exactly, across currencies, without arithmetic on money in SQL.
    amount_key               TEXT NOT NULL,
    fee                      TEXT NOT NULL,
    purpose_code             TEXT NOT NULL DEFAULT '',
    local_instrument         TEXT NOT NULL DEFAULT '',
    business_unit            TEXT NOT NULL DEFAULT '',
    requested_execution_date TEXT NOT NULL DEFAULT '',
    source                   TEXT NOT NULL DEFAULT 'unknown'
        CHECK (source IN ('api', 'csv', 'manual', 'iso_20022', 'unknown')),
    batch_id                 TEXT NOT NULL DEFAULT '',
    created_by               TEXT NOT NULL DEFAULT '',
    creator_name             TEXT NOT NULL DEFAULT '',
    -- SHA-256 of the create request: a retry with the same end-to-end id replays, another
    -- request with it is refused.
    request_hash             TEXT NOT NULL DEFAULT '',
    -- JSON: the parties and accounts (provider.PayoutSections), the lifecycle's findings by
    -- section, and the history lists, appended to in the transaction that changes the state.
    sections                 TEXT NOT NULL DEFAULT '{}',
    errors                   TEXT NOT NULL DEFAULT '{}',
    status_transitions       TEXT NOT NULL DEFAULT '[]',
    cancellations            TEXT NOT NULL DEFAULT '[]',
    reviews                  TEXT NOT NULL DEFAULT '[]',
    updated_at               TEXT NOT NULL,
    cancel_requested         INTEGER NOT NULL DEFAULT 0 CHECK (cancel_requested IN (0, 1)),
    -- The ledger transactions that reserved (amount and fee debited) and released (credited
    -- back) the funds. Released only after reserved; each at most once.
    reserved_tx              TEXT UNIQUE REFERENCES ledger_transactions (id) ON DELETE RESTRICT,
    released_tx              TEXT UNIQUE REFERENCES ledger_transactions (id) ON DELETE RESTRICT,
    due_at                   TEXT,
    lease_token              TEXT,
    lease_until              TEXT,
    attempts                 INTEGER NOT NULL DEFAULT 0,
    UNIQUE (organisation_id, unique_reference),
    UNIQUE (organisation_id, end_to_end_id),
    CHECK (released_tx IS NULL OR reserved_tx IS NOT NULL)
) STRICT;
CREATE TABLE payout_counts (
    organisation_id        TEXT NOT NULL,
    day                    TEXT NOT NULL,
    state                  TEXT NOT NULL,
    currency               TEXT NOT NULL,
    virtual_account_number TEXT NOT NULL,
    business_unit          TEXT NOT NULL,
    local_instrument       TEXT NOT NULL,
    reason_code            TEXT NOT NULL,
    batch_id               TEXT NOT NULL,
    n                      INTEGER NOT NULL CHECK (n >= 0),
    PRIMARY KEY (organisation_id, day, state, currency, virtual_account_number, business_unit, local_instrument, reason_code, batch_id)
) STRICT, WITHOUT ROWID;
CREATE TABLE business_units (
    id              TEXT PRIMARY KEY,
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    name            TEXT NOT NULL,
    UNIQUE (organisation_id, name)
) STRICT;
CREATE TABLE signing_keys (
    purpose    TEXT PRIMARY KEY,
    key        BLOB NOT NULL CHECK (length(key) = 32),
    created_at TEXT NOT NULL
) STRICT, WITHOUT ROWID;
INSERT INTO signing_keys VALUES('crypto_widget',X'236bf3b167421b94d017fc39f1c46f12870e89ad023549b5e1932a920441afa5','2026-11-27T12:00:00.000000000Z');
CREATE TABLE payout_reports (
    seq              INTEGER PRIMARY KEY,
    id               TEXT NOT NULL UNIQUE,
    organisation_id  TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    account_number   TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE RESTRICT,
    period_from      TEXT NOT NULL,
    period_to        TEXT NOT NULL CHECK (period_to > period_from),
    -- The filters besides account and period: a JSON array of status categories ([] = all),
    -- a currency and an inclusive amount range ('' = none).
    state_categories TEXT NOT NULL DEFAULT '[]',
    currency_code    TEXT NOT NULL DEFAULT '',
    amount_from      TEXT NOT NULL DEFAULT '',
    amount_to        TEXT NOT NULL DEFAULT '',
    -- The newest payout request when the report was requested: a retried job holds the same
    -- payouts however many were created since.
    through_seq      INTEGER NOT NULL,
    requested_by     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    state            TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'generating', 'ready', 'failed')),
    attempts         INTEGER NOT NULL DEFAULT 0,
    lease_token      TEXT,
    lease_until      TEXT,
    csv_file_id      TEXT,
    row_count        INTEGER NOT NULL DEFAULT 0,
    created_at       TEXT NOT NULL,
    ready_at         TEXT,
    CHECK ((state = 'ready') = (csv_file_id IS NOT NULL))
) STRICT;
CREATE TABLE payout_report_chunks (
    file_id   TEXT NOT NULL,
    n         INTEGER NOT NULL CHECK (n >= 0),
    report_id TEXT NOT NULL REFERENCES payout_reports (id) ON DELETE CASCADE,
    data      BLOB NOT NULL,
    PRIMARY KEY (file_id, n)
) STRICT, WITHOUT ROWID;
CREATE TABLE payout_drafts (
    seq                 INTEGER PRIMARY KEY,
    id                  TEXT NOT NULL UNIQUE,
    organisation_id     TEXT NOT NULL REFERENCES organisations (id) ON DELETE RESTRICT,
    created_by          TEXT NOT NULL,
    creator_name        TEXT NOT NULL,
    product_id          TEXT NOT NULL,
    schema_id           TEXT NOT NULL,
    status              TEXT NOT NULL DEFAULT 'draft'
        CHECK (status IN ('draft', 'waiting_review', 'rejected', 'published')),
    -- {section: {field: value}}, {section: {field: [message]}}, [section saved without errors]
    field_values        TEXT NOT NULL DEFAULT '{}',
    field_errors        TEXT NOT NULL DEFAULT '{}',
    saved_sections      TEXT NOT NULL DEFAULT '[]',
    -- The list columns, copied from payout_request when it is saved.
    debtor_account      TEXT NOT NULL DEFAULT '',
    amount              TEXT NOT NULL DEFAULT '',
    currency            TEXT NOT NULL,
    end_to_end_id       TEXT NOT NULL DEFAULT '',
    -- Approvals needed, fixed when the draft is sent for review.
    approvals_required  INTEGER NOT NULL DEFAULT 0,
    -- The payout request it became (published).
    payout_reference    TEXT NOT NULL DEFAULT '',
    payout_state        TEXT NOT NULL DEFAULT '',
    created_at          TEXT NOT NULL,
    updated_at          TEXT NOT NULL,
    CHECK ((status = 'published') = (payout_reference <> ''))
) STRICT;
CREATE TABLE payout_draft_reviews (
    draft_id    TEXT NOT NULL REFERENCES payout_drafts (id) ON DELETE CASCADE,
    user_id     TEXT NOT NULL,
    user_name   TEXT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('approve', 'reject')),
    created_at  TEXT NOT NULL,
    PRIMARY KEY (draft_id, user_id)
) STRICT;
CREATE TABLE receivers (
    seq             INTEGER PRIMARY KEY,
    id              TEXT NOT NULL UNIQUE,
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE RESTRICT,
    product_id      TEXT NOT NULL,
    schema_id       TEXT NOT NULL,
    currency        TEXT NOT NULL DEFAULT '',
    full_name       TEXT NOT NULL,
    creditor_type   TEXT NOT NULL CHECK (creditor_type IN ('private', 'organization')),
    data            TEXT NOT NULL DEFAULT '{}',
    content_hash    TEXT NOT NULL,
    created_by      TEXT NOT NULL DEFAULT '',
    created_at      TEXT NOT NULL,
    UNIQUE (organisation_id, content_hash)
) STRICT;
CREATE TABLE batches (
    seq              INTEGER PRIMARY KEY,
    id               TEXT NOT NULL UNIQUE,
    organisation_id  TEXT NOT NULL REFERENCES organisations (id) ON DELETE RESTRICT,
    name             TEXT NOT NULL,
    filename         TEXT NOT NULL,
    status           TEXT NOT NULL CHECK (status IN ('waiting_review', 'completed', 'rejected')),
    schema_id        TEXT NOT NULL,
    local_instrument TEXT NOT NULL,
    currency         TEXT NOT NULL,
    country          TEXT NOT NULL,
    created_at       TEXT NOT NULL,
    creator_id       TEXT NOT NULL,
    creator_name     TEXT NOT NULL,
    rows_count       INTEGER NOT NULL CHECK (rows_count >= 0),
    -- '' when the rows are in more than one currency (the list says 'Total amount unavailable').
    total_amount     TEXT NOT NULL,
    -- SHA-256 of the file's bytes: the same file uploaded again is flagged as a duplicate.
    file_hash        TEXT NOT NULL,
    -- JSON lists of {user_id, user_name, created_at}.
    approvals        TEXT NOT NULL DEFAULT '[]',
    rejections       TEXT NOT NULL DEFAULT '[]'
) STRICT;
CREATE TABLE batch_payouts (
    seq                      INTEGER PRIMARY KEY,
    id                       TEXT NOT NULL UNIQUE,
    batch_id                 TEXT NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
    organisation_id          TEXT NOT NULL,
    line                     INTEGER NOT NULL,
    end_to_end_id            TEXT NOT NULL,
    virtual_account_number   TEXT NOT NULL,
    amount                   TEXT NOT NULL,
    currency                 TEXT NOT NULL,
    local_instrument         TEXT NOT NULL,
    purpose_code             TEXT NOT NULL DEFAULT '',
    requested_execution_date TEXT NOT NULL DEFAULT '',
    -- JSON: provider.PayoutSections.
    sections                 TEXT NOT NULL,
    created_at               TEXT NOT NULL, business_unit TEXT NOT NULL DEFAULT '',
    UNIQUE (batch_id, line)
) STRICT;
CREATE TABLE collection_orders (
    seq                    INTEGER PRIMARY KEY,
    id                     TEXT NOT NULL UNIQUE, -- uuid
    organisation_id        TEXT NOT NULL REFERENCES organisations (id) ON DELETE RESTRICT,
    virtual_account_number TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE RESTRICT,
    reference              TEXT NOT NULL,        -- the merchant's own ({product}_external_reference)
    unique_reference       TEXT NOT NULL UNIQUE, -- the provider's ({product}_unique_reference)
    business_unit_id       TEXT NOT NULL DEFAULT '',
    status                 TEXT NOT NULL,
    reason_codes           TEXT NOT NULL DEFAULT '[]', -- JSON list of reason code ids
    amount                 TEXT NOT NULL,
    currency               TEXT NOT NULL,
    debtor                 TEXT NOT NULL DEFAULT '{}', -- JSON: full_name, date_of_birth, email, country_of_residence
    status_history         TEXT NOT NULL DEFAULT '[]', -- JSON list of {status, created_at}
    created_at             TEXT NOT NULL,
    -- reason_code: 0006's column, the first reason code ('' for none), kept for its readers.
    reason_code            TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE TABLE collection_payments (
    id               TEXT PRIMARY KEY, -- uuid
    order_id         TEXT NOT NULL REFERENCES collection_orders (id) ON DELETE RESTRICT,
    organisation_id  TEXT NOT NULL REFERENCES organisations (id) ON DELETE RESTRICT,
    unique_reference TEXT NOT NULL UNIQUE,
    type             TEXT NOT NULL,
    status           TEXT NOT NULL,
    debtor_country   TEXT NOT NULL DEFAULT '',
    debtor_bank_name TEXT NOT NULL DEFAULT '',
    status_history   TEXT NOT NULL DEFAULT '[]',
    created_at       TEXT NOT NULL,
    -- credited_tx: the ledger transaction of its completion; at most one per payment.
    credited_tx      TEXT UNIQUE
) STRICT;
CREATE TABLE collection_refunds (
    id              TEXT PRIMARY KEY,
    order_id        TEXT NOT NULL REFERENCES collection_orders (id) ON DELETE RESTRICT,
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE RESTRICT,
    amount          TEXT NOT NULL,
    fee             TEXT NOT NULL,
    currency        TEXT NOT NULL,
    status          TEXT NOT NULL, -- processing, completed, action_required, returned
    idempotency_key TEXT,
    request_hash    TEXT NOT NULL DEFAULT '',
    booked_tx       TEXT NOT NULL UNIQUE,
    returned_tx     TEXT UNIQUE,
    created_at      TEXT NOT NULL,
    UNIQUE (organisation_id, idempotency_key)
) STRICT;
CREATE TABLE collection_refund_fees (
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    currency        TEXT NOT NULL,
    fee             TEXT NOT NULL,
    PRIMARY KEY (organisation_id, currency)
) STRICT, WITHOUT ROWID;
CREATE TABLE withdrawal_accounts (
    uuid                    TEXT PRIMARY KEY,
    id                      INTEGER NOT NULL UNIQUE,
    organisation_id         TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    kind                    TEXT NOT NULL CHECK (kind IN ('bank', 'crypto')),
    -- '' means the account names no currency: it receives EUR (spec 001 §9).
    currency                TEXT NOT NULL DEFAULT '',
    iban                    TEXT NOT NULL DEFAULT '',
    account_number          TEXT NOT NULL DEFAULT '',
    bank_name               TEXT NOT NULL DEFAULT '',
    bank_clearing_system_id TEXT NOT NULL DEFAULT '',
    label                   TEXT NOT NULL,
    local_instrument        TEXT NOT NULL DEFAULT '',
    party_name              TEXT NOT NULL DEFAULT '',
    created_at              TEXT NOT NULL,
    CHECK (iban <> '' OR account_number <> '')
) STRICT;
CREATE TABLE withdrawal_account_authorizations (
    id                      TEXT PRIMARY KEY,
    organisation_id         TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    virtual_account_number  TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE RESTRICT,
    withdrawal_account_uuid TEXT NOT NULL REFERENCES withdrawal_accounts (uuid) ON DELETE CASCADE,
    status                  TEXT NOT NULL CHECK (status IN ('active', 'inactive')),
    created_at              TEXT NOT NULL,
    UNIQUE (virtual_account_number, withdrawal_account_uuid)
) STRICT;
CREATE TABLE withdrawal_limits (
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    currency_code   TEXT NOT NULL,
    max_amount      TEXT NOT NULL,
    PRIMARY KEY (organisation_id, currency_code)
) STRICT, WITHOUT ROWID;
CREATE TABLE withdrawal_reviews (
    id                      TEXT PRIMARY KEY,
    organisation_id         TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    debtor_account_number   TEXT NOT NULL,
    withdrawal_account_uuid TEXT NOT NULL,
    amount                  TEXT NOT NULL,
    currency_code           TEXT NOT NULL,
    converted_amount        TEXT NOT NULL,
    converted_currency      TEXT NOT NULL,
    exchange_rate           TEXT NOT NULL,
    end_to_end_id           TEXT NOT NULL,
    creditor                TEXT NOT NULL,
    created_by              TEXT NOT NULL DEFAULT '',
    created_at              TEXT NOT NULL,
    expires_at              TEXT NOT NULL
) STRICT;
CREATE TABLE withdrawal_requests (
    seq                     INTEGER PRIMARY KEY,
    id                      TEXT NOT NULL UNIQUE,
    organisation_id         TEXT NOT NULL REFERENCES organisations (id) ON DELETE RESTRICT,
    reference               TEXT NOT NULL,
    external_reference      TEXT NOT NULL,
    debtor_account_number   TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE RESTRICT,
    withdrawal_account_uuid TEXT NOT NULL REFERENCES withdrawal_accounts (uuid) ON DELETE RESTRICT,
    amount                  TEXT NOT NULL,
    currency_code           TEXT NOT NULL,
    converted_amount        TEXT NOT NULL,
    converted_currency      TEXT NOT NULL,
    exchange_rate           TEXT NOT NULL,
    status                  TEXT NOT NULL CHECK (status IN ('received', 'processing', 'completed', 'rejected', 'returned')),
    -- JSON: provider.WithdrawalCreditor as it was at creation, and the transitions, appended
    -- to in the transaction that changes the status.
    creditor                TEXT NOT NULL,
    status_transitions      TEXT NOT NULL DEFAULT '[]',
    -- Idempotency: one withdrawal per (organisation, key); the key is the review's id when
    -- one was confirmed. request_hash tells a retry from a reused key.
    idempotency_key         TEXT NOT NULL,
    request_hash            TEXT NOT NULL,
    review_id               TEXT UNIQUE REFERENCES withdrawal_reviews (id) ON DELETE RESTRICT,
    created_by              TEXT NOT NULL DEFAULT '',
    -- The ledger transaction that debited the account, and the one that gave it back on a
    -- rejection or return (at most once, and only after the debit).
    debit_tx                TEXT NOT NULL UNIQUE REFERENCES ledger_transactions (id) ON DELETE RESTRICT,
    release_tx              TEXT UNIQUE REFERENCES ledger_transactions (id) ON DELETE RESTRICT,
    created_at              TEXT NOT NULL,
    updated_at              TEXT NOT NULL,
    UNIQUE (organisation_id, reference),
    UNIQUE (organisation_id, external_reference),
    UNIQUE (organisation_id, idempotency_key),
    CHECK ((release_tx IS NOT NULL) = (status IN ('rejected', 'returned')))
) STRICT;
DELETE FROM sqlite_sequence;
CREATE UNIQUE INDEX memberships_one_default ON memberships (user_id) WHERE is_default = 1;
CREATE INDEX memberships_organisation ON memberships (organisation_id);
CREATE INDEX contracted_products_organisation ON contracted_products (organisation_id, kind);
CREATE INDEX alerts_organisation ON alerts (organisation_id, created_at);
CREATE INDEX accounts_owner ON accounts (owner_organisation_id);
CREATE INDEX sms_login_codes_expiry ON sms_login_codes (expires_at);
CREATE INDEX push_approvals_user ON push_approvals (user_id, status, expires_at);
CREATE INDEX push_approvals_pending ON push_approvals (status, expires_at);
CREATE INDEX password_tokens_user ON password_tokens (user_id, kind);
CREATE TRIGGER accounts_no_overdraft_insert BEFORE INSERT ON accounts
WHEN NEW.kind = 'customer' AND NEW.balance LIKE '-%'
BEGIN SELECT RAISE(ABORT, 'negative balance on customer account'); END;
CREATE TRIGGER accounts_no_overdraft_update BEFORE UPDATE OF balance ON accounts
WHEN NEW.kind = 'customer' AND NEW.balance LIKE '-%'
BEGIN SELECT RAISE(ABORT, 'negative balance on customer account'); END;
CREATE UNIQUE INDEX ledger_transactions_idempotency ON ledger_transactions (organisation_id, idempotency_key)
    WHERE idempotency_key IS NOT NULL;
CREATE INDEX ledger_entries_account_date ON ledger_entries (account_number, created_at, seq);
CREATE INDEX ledger_entries_account_type_date ON ledger_entries (account_number, entry_type, created_at, seq);
CREATE INDEX ledger_entries_transaction ON ledger_entries (transaction_id);
CREATE TRIGGER ledger_entries_append_only_update BEFORE UPDATE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'ledger entries are append-only'); END;
CREATE TRIGGER ledger_entries_append_only_delete BEFORE DELETE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'ledger entries are append-only'); END;
CREATE TRIGGER ledger_transactions_append_only_update BEFORE UPDATE ON ledger_transactions
BEGIN SELECT RAISE(ABORT, 'ledger transactions are append-only'); END;
CREATE TRIGGER ledger_transactions_append_only_delete BEFORE DELETE ON ledger_transactions
BEGIN SELECT RAISE(ABORT, 'ledger transactions are append-only'); END;
CREATE INDEX statements_org_created ON statements (organisation_id, created_at, seq);
CREATE INDEX statements_org_account_created ON statements (organisation_id, account_number, created_at, seq);
CREATE INDEX statements_jobs ON statements (state, seq) WHERE state IN ('queued', 'generating');
CREATE TRIGGER statements_ready_is_final BEFORE UPDATE OF state ON statements
WHEN OLD.state = 'ready'
BEGIN SELECT RAISE(ABORT, 'a ready statement is final'); END;
CREATE INDEX statement_chunks_statement ON statement_chunks (statement_id);
CREATE INDEX ledger_entries_reference ON ledger_entries (reference) WHERE reference <> '';
CREATE INDEX ledger_entries_order_id ON ledger_entries (order_id) WHERE order_id <> '';
CREATE INDEX ledger_transactions_end_to_end ON ledger_transactions (end_to_end_id) WHERE end_to_end_id <> '';
CREATE INDEX payout_requests_org_created ON payout_requests (organisation_id, created_at, seq,
    state, currency, virtual_account_number, business_unit, local_instrument, reason_code, amount_key, batch_id);
CREATE INDEX payout_requests_org_state ON payout_requests (organisation_id, state, created_at, seq);
CREATE INDEX payout_requests_org_batch ON payout_requests (organisation_id, batch_id, created_at, seq) WHERE batch_id <> '';
CREATE INDEX payout_requests_due ON payout_requests (due_at, seq) WHERE lease_token IS NULL AND due_at IS NOT NULL;
CREATE INDEX payout_requests_leased ON payout_requests (lease_until) WHERE lease_token IS NOT NULL;
CREATE INDEX payout_requests_waiting_funds ON payout_requests (virtual_account_number, seq) WHERE state = 'insufficient_funds';
CREATE TRIGGER payout_counts_insert AFTER INSERT ON payout_requests BEGIN
    INSERT INTO payout_counts VALUES (NEW.organisation_id, substr(NEW.created_at, 1, 10), NEW.state, NEW.currency,
        NEW.virtual_account_number, NEW.business_unit, NEW.local_instrument, NEW.reason_code, NEW.batch_id, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER payout_counts_delete AFTER DELETE ON payout_requests BEGIN
    UPDATE payout_counts SET n = n - 1 WHERE organisation_id = OLD.organisation_id AND day = substr(OLD.created_at, 1, 10)
        AND state = OLD.state AND currency = OLD.currency AND virtual_account_number = OLD.virtual_account_number
        AND business_unit = OLD.business_unit AND local_instrument = OLD.local_instrument AND reason_code = OLD.reason_code
        AND batch_id = OLD.batch_id;
END;
CREATE TRIGGER payout_counts_update AFTER UPDATE OF organisation_id, created_at, state, currency, virtual_account_number,
    business_unit, local_instrument, reason_code, batch_id ON payout_requests BEGIN
    UPDATE payout_counts SET n = n - 1 WHERE organisation_id = OLD.organisation_id AND day = substr(OLD.created_at, 1, 10)
        AND state = OLD.state AND currency = OLD.currency AND virtual_account_number = OLD.virtual_account_number
        AND business_unit = OLD.business_unit AND local_instrument = OLD.local_instrument AND reason_code = OLD.reason_code
        AND batch_id = OLD.batch_id;
    INSERT INTO payout_counts VALUES (NEW.organisation_id, substr(NEW.created_at, 1, 10), NEW.state, NEW.currency,
        NEW.virtual_account_number, NEW.business_unit, NEW.local_instrument, NEW.reason_code, NEW.batch_id, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE INDEX payout_requests_org_amount ON payout_requests (organisation_id, amount_key);
CREATE INDEX payout_requests_org_account_amount ON payout_requests (organisation_id, virtual_account_number, amount_key);
CREATE INDEX payout_reports_org_created ON payout_reports (organisation_id, created_at, seq);
CREATE INDEX payout_reports_org_account_created ON payout_reports (organisation_id, account_number, created_at, seq);
CREATE INDEX payout_reports_jobs ON payout_reports (state, seq) WHERE state IN ('queued', 'generating');
CREATE TRIGGER payout_reports_ready_is_final BEFORE UPDATE OF state ON payout_reports
WHEN OLD.state = 'ready'
BEGIN SELECT RAISE(ABORT, 'a ready payout report is final'); END;
CREATE INDEX payout_report_chunks_report ON payout_report_chunks (report_id);
CREATE INDEX payout_drafts_org_status ON payout_drafts (organisation_id, status, created_at, seq);
CREATE INDEX receivers_org_created ON receivers (organisation_id, created_at, seq);
CREATE INDEX receivers_org_schema ON receivers (organisation_id, product_id, schema_id, created_at, seq);
CREATE INDEX batches_org_created ON batches (organisation_id, created_at, seq, status, local_instrument);
CREATE INDEX batches_org_hash ON batches (organisation_id, file_hash);
CREATE INDEX batch_payouts_batch ON batch_payouts (batch_id, seq);
CREATE INDEX batch_payouts_org_e2e ON batch_payouts (organisation_id, end_to_end_id);
CREATE INDEX collection_orders_org_created ON collection_orders (organisation_id, created_at, seq);
CREATE INDEX collection_orders_org_status ON collection_orders (organisation_id, status, created_at, seq);
CREATE INDEX collection_orders_org_reference ON collection_orders (organisation_id, reference);
CREATE INDEX collection_payments_order ON collection_payments (order_id, created_at);
CREATE INDEX collection_refunds_order ON collection_refunds (order_id);
CREATE INDEX withdrawal_accounts_org ON withdrawal_accounts (organisation_id, label);
CREATE INDEX withdrawal_account_authorizations_org ON withdrawal_account_authorizations (organisation_id, status);
CREATE INDEX withdrawal_reviews_expiry ON withdrawal_reviews (expires_at);
CREATE INDEX withdrawal_requests_org_created ON withdrawal_requests (organisation_id, created_at, seq, status, debtor_account_number);
CREATE INDEX withdrawal_requests_org_status ON withdrawal_requests (organisation_id, status, created_at, seq);
COMMIT;
