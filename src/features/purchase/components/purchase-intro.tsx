import { Button, Text } from '@chakra-ui/react';
import { formatMoney } from '../../../../domain/format';
import { useDownload } from '../../../common/download/use-download';
import { libraryStrings, storeStrings } from '../../../lib/strings';
import { isProductPurchase, requestPrice, type PaymentRequest } from '../payment-request';

const t = libraryStrings.purchase;

const noChooser = () => undefined;

/**
 * What the buyer pays for, in words (issue 30): a free (or already unlocked) collection asked
 * for in another format is a conversion fee with the original offered free right here, never
 * "this collection costs"; a paid one with transcode access names both parts.
 */
export function PurchaseIntro({
  request,
  onDone,
}: {
  request: PaymentRequest;
  onDone: () => void;
}) {
  const download = useDownload(noChooser);
  const price = requestPrice(request);
  if (isProductPurchase(request)) {
    return <Text>{storeStrings.chooser.productIntro(formatMoney(price))}</Text>;
  }
  const collectionPart = request.collectionPart ?? price;
  if (!request.transcode) return <Text>{t.intro(formatMoney(price))}</Text>;
  const fee = price - collectionPart;
  const format = (request.download?.format ?? 'original').replace('_', ' ');
  if (collectionPart > 0) {
    return (
      <Text>
        {t.collectionAndTranscode(
          formatMoney(collectionPart),
          formatMoney(fee),
          formatMoney(price),
        )}
      </Text>
    );
  }
  const original = () => {
    onDone();
    void download({
      collection: {
        collectionId: request.collectionId,
        collectionName: request.collectionName,
        // Free or unlocked: the original needs no purchase; the server decides either way.
        collectionPrice: null,
      },
      fileId: request.download?.fileId,
      fileName: request.download?.fileName,
      format: 'original',
    });
  };
  return (
    <>
      <Text data-testid="chooser-transcode-fee">{t.transcodeFee(format, formatMoney(fee))}</Text>
      <Text color="fg.muted">{t.freeOriginal}</Text>
      <Button colorPalette="brand" onClick={original}>
        {t.downloadOriginal}
      </Button>
    </>
  );
}
