import { Controller, Res } from '@nestjs/common';
import {
  DomainError,
  buildPath,
  cancelTestCheckout,
  getTestCheckoutPage,
  payTestCheckout,
} from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  ValidatedInput,
  httpStatusOfError,
  type HttpResponse,
} from '@app/server-kit';
import { TEST_PAGE_CSP, testCheckoutPage, testCheckoutProblemPage } from './test-checkout-page';
import { TestCheckoutPayments, type WebhookAnswer } from './test-checkout-payments';

/**
 * Outside production, the checkout url a purchase answers: a page standing in for Stripe's hosted
 * checkout. Pay and Cancel deliver the signed webhook Stripe would send, then redirect as Stripe
 * does (to the success or the cancel url). HTTP only; the work is TestCheckoutPayments'.
 */
@Controller()
export class TestCheckoutController {
  constructor(private readonly payments: TestCheckoutPayments) {}

  @ContractRoute(getTestCheckoutPage)
  async page(
    @ValidatedInput() { params }: CallInput<typeof getTestCheckoutPage>,
    @Res() response: HttpResponse,
  ) {
    await this.answering(response, async () => {
      const checkout = await this.payments.find(params.userId, params.sessionId);
      sendPage(
        response,
        200,
        testCheckoutPage(checkout, {
          pay: buildPath(payTestCheckout, params),
          cancel: buildPath(cancelTestCheckout, params),
        }),
      );
    });
  }

  @ContractRoute(payTestCheckout)
  async pay(@ValidatedInput() { params }: CallInput<typeof payTestCheckout>, @Res() response: HttpResponse) {
    await this.answering(response, async () => {
      const checkout = await this.payments.find(params.userId, params.sessionId);
      if (checkout.status === 'expired') {
        return sendPage(response, 409, testCheckoutProblemPage('This checkout expired or was cancelled.'));
      }
      redirectAfter(response, await this.payments.deliver(checkout, 'paid'), checkout.successUrl);
    });
  }

  @ContractRoute(cancelTestCheckout)
  async cancel(
    @ValidatedInput() { params }: CallInput<typeof cancelTestCheckout>,
    @Res() response: HttpResponse,
  ) {
    await this.answering(response, async () => {
      const checkout = await this.payments.find(params.userId, params.sessionId);
      if (checkout.status !== 'open') return response.redirect(checkout.cancelUrl, 303);
      redirectAfter(response, await this.payments.deliver(checkout, 'cancelled'), checkout.cancelUrl);
    });
  }

  /** A refusal is shown as a page with its status, not JSON: a person is looking at it. */
  private async answering(response: HttpResponse, work: () => Promise<void>) {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      response.header('X-Error-Code', error.code);
      sendPage(response, httpStatusOfError[error.code], testCheckoutProblemPage(error.message));
    }
  }
}

function redirectAfter(response: HttpResponse, answer: WebhookAnswer, url: string) {
  if (answer.status >= 200 && answer.status < 300) return response.redirect(url, 303);
  const message =
    (answer.body as { message?: string } | null)?.message ?? `The webhook answered ${answer.status}.`;
  sendPage(response, 502, testCheckoutProblemPage(`The platform refused the payment: ${message}`));
}

function sendPage(response: HttpResponse, status: number, html: string) {
  response
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Content-Security-Policy', TEST_PAGE_CSP)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(html);
}
