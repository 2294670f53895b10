import { BannerPlace, ChannelKey, Slogan, Timing } from '@lawline/contract';
import type { Banner } from '@lawline/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, memo, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../app/api-effects.ts';
import { loadChannel } from '../../app/channel-boot.ts';
import { paths } from '../../app/paths.ts';
import { ME_QUERY_KEY } from '../../app/session-boot.ts';
import { onSplashGone, removeHomeShell } from '../../app/splash.ts';
import { useChannel } from '../../state/channel.ts';
import { useSession } from '../../state/session.ts';
import { useOpenTarget } from '../../ui/open-link.ts';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { claimCoupon } from './api/claim-coupon.ts';
import { useUnpaidCallOrders } from './api/unpaid-orders.ts';
import { updateGuide } from './api/update-guide.ts';
import { useVideoAppointmentData } from './api/video-appointment.ts';
import type { AiStep } from './components/ai-consult.tsx';
import { AiEntry } from './components/ai-entry.tsx';
import { ChannelLogoBlock } from './components/channel-logo.tsx';
import { CommonProblemsBlock, ConsultFieldGrid } from './components/consult-fields.tsx';
import { DynamicTicker } from './components/dynamic-ticker.tsx';
import { HeaderBanners } from './components/header-banners.tsx';
import { HomeFooter } from './components/home-footer.tsx';
import { HotArticles } from './components/hot-articles.tsx';
import { HotLawyers } from './components/hot-lawyers.tsx';
import { HotServices } from './components/hot-services.tsx';
import { MemberBanners } from './components/member-banners.tsx';
import { PlaceBanners } from './components/place-banners.tsx';
import { PullRefresh } from './components/pull-refresh.tsx';
import { VideoCountdown } from './components/video-countdown.tsx';
import { VideoTeaser } from './components/video-teaser.tsx';
import styles from './home.module.css';
import {
  COUPON_CLOSED_KEY,
  couponPopupWanted,
  GUIDE_DONE_KEY,
  guideNeeded,
  hasUnpaidOrder,
  isArticleClubMember,
  nextVideoAppointment,
  UNPAID_SHOWN_KEY,
} from './home-rules.ts';
import { deviceFlags, sessionFlags } from './home-storage.ts';

// The page renders again when the session or the channel changes (a login, the user info on
// start); these blocks depend on neither and are not rendered again with it.
const StaticBlocks = {
  Ticker: memo(DynamicTicker),
  Fields: memo(ConsultFieldGrid),
  Problems: memo(CommonProblemsBlock),
  Services: memo(HotServices),
  Video: memo(VideoTeaser),
  Lawyers: memo(HotLawyers),
  Articles: memo(HotArticles),
  Footer: memo(HomeFooter),
};

// Overlays load when first needed: the home route stays light.
const AiConsult = lazy(() => import('./components/ai-consult.tsx'));
const CouponPopup = lazy(() => import('./components/coupon-popup.tsx'));
const UnpaidReminder = lazy(() => import('./components/unpaid-reminder.tsx'));
const NewUserGuide = lazy(() => import('./components/new-user-guide.tsx'));

function byPlace(banners: readonly Banner[] | undefined, place: Banner['bannerPlace']): Banner[] {
  return banners?.filter((b) => b.bannerPlace === place) ?? [];
}

/** Home (spec §2): every block, the coupon popup, the guide, the unpaid reminder, the video countdown. */
export function HomePage({ name }: PageProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const channel = useChannel((s) => s.data);
  const channelKey = useChannel((s) => s.key);
  const token = useSession((s) => s.token);
  const userInfo = useSession((s) => s.userInfo);
  const runAfterLogin = useSession((s) => s.runAfterLogin);
  const loggedIn = Boolean(token);
  const channelName = channel?.channel ?? channelKey;

  // The server's copy of this page's first screen (index.html) goes once the page itself is
  // there, before the browser paints it: the same look, no flash.
  useLayoutEffect(() => removeHomeShell(), []);

  const unpaid = useUnpaidCallOrders(loggedIn);
  const video = useVideoAppointmentData(loggedIn);

  // New-user guide (spec §4), once the loading splash has gone: under it nobody could read it, and
  // lighting its blocks measures the whole page while the page is still starting.
  const [splashGone, setSplashGone] = useState(false);
  useEffect(() => onSplashGone(() => setSplashGone(true)), []);
  const [guideFinished, setGuideFinished] = useState(false);
  const needGuide = guideFinished
    ? false
    : guideNeeded({ loggedIn, userInfo, doneLocally: deviceFlags().getItem(GUIDE_DONE_KEY) === '1' });
  const finishGuide = () => {
    setGuideFinished(true);
    if (!loggedIn) {
      deviceFlags().setItem(GUIDE_DONE_KEY, '1');
      return;
    }
    void updateGuide()
      .then(() => {
        const current = useSession.getState().userInfo;
        if (current) useSession.getState().setUserInfo({ ...current, isGuide: 1 });
      })
      .catch(() => {});
  };

  // Coupon popup (spec §4, czh only), after the guide.
  const [couponClosed, setCouponClosed] = useState(() => sessionFlags().getItem(COUPON_CLOSED_KEY) === '1');
  const couponWanted = couponPopupWanted({
    channel: channelName,
    activity: channel?.activity,
    loggedIn,
    userInfo,
  });
  const couponVisible = couponWanted && !couponClosed && needGuide === false;
  const closeCoupon = () => {
    sessionFlags().setItem(COUPON_CLOSED_KEY, '1');
    setCouponClosed(true);
  };
  const claim = () => {
    const activity = useChannel.getState().data?.activity;
    closeCoupon();
    // Logged in: claim now; otherwise the login popup opens and the claim runs after login (§4).
    runAfterLogin(async () => {
      const result = activity ? await claimCoupon(activity.id) : ({ ok: false } as const);
      if (!result.ok) {
        navigate(paths.coupon());
        return;
      }
      showToast(result.message || '领取成功');
      setTimeout(() => navigate(paths.coupon()), Timing.toastMs);
    });
  };

  // Unpaid-order reminder (spec §4, §8): once per session, after the guide and the coupon popup.
  const [unpaidSeen, setUnpaidSeen] = useState(() => sessionFlags().getItem(UNPAID_SHOWN_KEY) === '1');
  const [unpaidOpen, setUnpaidOpen] = useState(false);
  const unpaidWanted = loggedIn && unpaid.isSuccess && hasUnpaidOrder(unpaid.data, userInfo);
  const unpaidReady = unpaidWanted && !unpaidSeen && needGuide === false && !couponVisible;
  useEffect(() => {
    if (!unpaidReady) return;
    sessionFlags().setItem(UNPAID_SHOWN_KEY, '1');
    setUnpaidSeen(true);
    setUnpaidOpen(true);
  }, [unpaidReady]);

  // AI consultation (spec §5): logged in first, then the disclaimer.
  const [aiStep, setAiStep] = useState<AiStep>(null);
  const [aiLoaded, setAiLoaded] = useState(false);
  const openAi = () => {
    runAfterLogin(() => {
      setAiLoaded(true);
      setAiStep('disclaimer');
    });
  };

  const openTarget = useOpenTarget({ onAi: openAi, onCoupon: claim });
  const openBanner = (banner: Banner) => openTarget(banner.url);

  const appointment = loggedIn ? nextVideoAppointment(video.data, Date.now()) : null;

  const refresh = async () => {
    await Promise.all([
      queryClient.refetchQueries({ queryKey: ['home'] }),
      queryClient.refetchQueries({ queryKey: [...ME_QUERY_KEY, 'home'] }),
      loadChannel(),
    ]);
  };

  const banners = channel?.banners;
  const priceText = channel ? `${channel.price}${channel.payTypeText} · 不满1分钟免费` : '';

  const content = (
    <>
      <header className={styles.brand} data-testid="channel-brand">
        <div className={styles.brandText}>
          <p className={styles.brandName}>{channel?.name ?? ''}</p>
          <p className={styles.brandSlogan}>{channel?.slogan || Slogan}</p>
        </div>
      </header>
      <HeaderBanners banners={byPlace(banners, BannerPlace.header)} onOpen={openBanner} />
      <StaticBlocks.Ticker />
      <StaticBlocks.Fields priceText={priceText} />
      <StaticBlocks.Problems />
      <PlaceBanners banners={byPlace(banners, BannerPlace.body)} place="body" onOpen={openBanner} />
      <AiEntry onOpen={openAi} />
      {isArticleClubMember(userInfo) ? <MemberBanners /> : null}
      <StaticBlocks.Services />
      <StaticBlocks.Video />
      <PlaceBanners banners={byPlace(banners, BannerPlace.middle)} place="middle" onOpen={openBanner} />
      <StaticBlocks.Lawyers />
      <StaticBlocks.Articles />
      {channel && channelName === ChannelKey.czh ? <ChannelLogoBlock channel={channel} /> : null}
      <StaticBlocks.Footer name={channel?.name ?? ''} />
    </>
  );

  return (
    <PageShell name={name}>
      <PullRefresh onRefresh={refresh}>{content}</PullRefresh>

      {appointment ? <VideoCountdown appointment={appointment} /> : null}

      <Suspense fallback={null}>
        {needGuide && splashGone ? <NewUserGuide onDone={finishGuide} /> : null}
        {couponVisible && channel?.activity ? (
          <CouponPopup activity={channel.activity} visible onClaim={claim} onClose={closeCoupon} />
        ) : null}
        {unpaidOpen ? (
          <UnpaidReminder
            visible
            onClose={() => setUnpaidOpen(false)}
            onPay={() => {
              setUnpaidOpen(false);
              navigate(paths.orderList(1));
            }}
          />
        ) : null}
        {aiLoaded ? <AiConsult step={aiStep} onStep={setAiStep} /> : null}
      </Suspense>
    </PageShell>
  );
}

export default HomePage;
