// One instance being added or edited: the fields (inputs bind to them), their checks, the
// connection test and the save. The editor's parts read getters and call methods.
import type { BridgeApi } from '$core/bridge/contract.ts';
import type { InstanceSecrets, TestConnectionResult } from '$core/service.ts';
import type { InstanceSettings } from '$core/settings/types.ts';
import { errorMessage, fieldProblems } from '../app/errors.ts';
import { originOf } from '$core/model/secret-origin.ts';
import {
  buildInstance,
  instanceErrors,
  instanceFieldsOf,
  secretOriginHint,
  type InstanceErrors,
  type InstanceFields,
  type StoredSecrets,
} from './instance-fields.ts';

export interface InstanceFormOptions {
  instance: InstanceSettings;
  isNew: boolean;
  /** The authentication and advanced options start hidden (first-run setup). */
  compact: boolean;
  bridge: Pick<BridgeApi, 'instances:test'>;
  /** Saves the instance; what it throws is shown. */
  onsave: (instance: InstanceSettings, secrets: InstanceSecrets | undefined) => Promise<void>;
}

export class InstanceForm {
  readonly #o: InstanceFormOptions;
  /**
   * A stored secret exists when the saved auth of this type already pointed at a key; it is
   * bound to the origin of the saved URL.
   */
  readonly #stored: StoredSecrets;
  #fields: InstanceFields;
  /** What the bridge refused, by instance field (`url`, `timeoutSec`), with the value it was about. */
  #serverFields = $state.raw<Record<string, { message: string; value: unknown }>>({});
  #errors = $derived.by(() => {
    const own = instanceErrors(this.#fields, this.#stored);
    const f = this.#fields;
    const said = (key: string, value: unknown): string | null => {
      const p = this.#serverFields[key];
      return p && p.value === value ? p.message : null;
    };
    return {
      ...own,
      url: own.url ?? said('url', f.url),
      poll: own.poll ?? said('pollIntervalSec', f.pollIntervalSec),
      timeout: own.timeout ?? said('timeoutSec', f.timeoutSec),
      header: own.header ?? said('headers', JSON.stringify(f.headers)),
    };
  });
  /** Set when the URL now names another origin: the stored secret must be typed again. */
  #originHint = $derived.by(() => secretOriginHint(this.#fields, this.#stored));
  #showAdvanced = $state(true);
  #testing = $state(false);
  #testResult = $state.raw<TestConnectionResult | null>(null);
  #testError = $state<string | null>(null);
  /**
   * What the last test tried (URL, TLS, auth, headers, timeout): its answer is shown only while
   * the fields still say that, so an old error never sits under a URL it was not about.
   */
  #testedWith = $state<string | null>(null);
  #connection = $derived.by(() => {
    const { instance: i, secrets } = this.#build();
    return JSON.stringify([i.url, i.tls, i.auth, i.headers, i.timeoutSec, secrets ?? null]);
  });
  #saving = $state(false);
  #saveError = $state<string | null>(null);
  #nextHeaderId = 1000;

  constructor(options: InstanceFormOptions) {
    this.#o = options;
    const i = options.instance;
    this.#stored = {
      password: i.auth.type === 'basic' && !options.isNew,
      token: i.auth.type === 'bearer' && !options.isNew,
      origin: originOf(i.url),
    };
    this.#fields = $state(instanceFieldsOf(i));
    this.#showAdvanced = !options.compact;
  }

  get id(): string {
    return this.#o.instance.id;
  }
  get isNew(): boolean {
    return this.#o.isNew;
  }
  /** The form's inputs bind to these. */
  get fields(): InstanceFields {
    return this.#fields;
  }
  get errors(): InstanceErrors {
    return this.#errors;
  }
  get valid(): boolean {
    const e = this.#errors;
    return !e.url && !e.poll && !e.timeout && !e.header && !e.secret && !e.prometheus;
  }
  /** The stored secret that an empty field keeps (none when the origin changed). */
  get storedSecret(): { password: boolean; token: boolean } {
    const kept = this.#originHint === null;
    return { password: this.#stored.password && kept, token: this.#stored.token && kept };
  }
  /** Why the secret must be typed again ("the stored password is for …"), or null. */
  get secretHint(): string | null {
    return this.#originHint;
  }
  get showAdvanced(): boolean {
    return this.#showAdvanced;
  }
  get testing(): boolean {
    return this.#testing;
  }
  get testResult(): TestConnectionResult | null {
    return this.#testedWith === this.#connection ? this.#testResult : null;
  }
  get testError(): string | null {
    return this.#testedWith === this.#connection ? this.#testError : null;
  }
  get saving(): boolean {
    return this.#saving;
  }
  get saveError(): string | null {
    return this.#saveError;
  }

  toggleAdvanced(): void {
    this.#showAdvanced = !this.#showAdvanced;
  }
  addHeader(): void {
    this.#fields.headers.push({ id: this.#nextHeaderId++, name: '', value: '' });
  }
  removeHeader(id: number): void {
    this.#fields.headers = this.#fields.headers.filter((h) => h.id !== id);
  }

  /** "Test connection": the real request with what is typed now. */
  async test(): Promise<void> {
    this.#testing = true;
    this.#testResult = null;
    this.#testError = null;
    const { instance, secrets } = this.#build();
    this.#testedWith = this.#connection;
    try {
      // An absent optional argument must stay absent: JSON would turn undefined into null.
      this.#testResult = secrets
        ? await this.#o.bridge['instances:test'](instance, secrets)
        : await this.#o.bridge['instances:test'](instance);
    } catch (e) {
      this.#testError = errorMessage(e);
    } finally {
      this.#testing = false;
    }
  }

  async save(): Promise<void> {
    if (!this.valid || this.#saving) return;
    this.#saving = true;
    this.#saveError = null;
    const { instance, secrets } = this.#build();
    try {
      await this.#o.onsave(instance, secrets);
      this.#fields.password = '';
      this.#fields.token = '';
    } catch (err) {
      this.#placeProblems(err);
    } finally {
      this.#saving = false;
    }
  }

  /**
   * A refused save: each problem about this instance (`instances.<i>.url`) at its field while
   * it holds that value; the rest in plain words under the form.
   */
  #placeProblems(err: unknown): void {
    const fields: Record<string, { message: string; value: unknown }> = {};
    const rest: string[] = [];
    const f = $state.snapshot(this.#fields);
    const values: Record<string, unknown> = {
      url: f.url,
      pollIntervalSec: f.pollIntervalSec,
      timeoutSec: f.timeoutSec,
      headers: JSON.stringify(f.headers),
    };
    for (const p of fieldProblems(err)) {
      const key = /^instances\.\d+\.(\w+)/.exec(p.path)?.[1];
      if (key && key in values && !fields[key])
        fields[key] = { message: p.message, value: values[key] };
      else rest.push(p.message);
    }
    this.#serverFields = fields;
    this.#saveError =
      rest.length > 0 ? rest.join(' ') : Object.keys(fields).length ? null : errorMessage(err);
  }

  #build(): ReturnType<typeof buildInstance> {
    return buildInstance(this.id, $state.snapshot(this.#fields));
  }
}
