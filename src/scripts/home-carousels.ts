// The two carousels of the home page, with the spec's settings (section 9).
import Swiper from 'swiper';
import { Autoplay, Pagination } from 'swiper/modules';

const banner = document.querySelector<HTMLElement>('[data-banner-swiper]');
if (banner && banner.querySelectorAll('.swiper-slide').length > 1) {
  const swiper = new Swiper(banner, {
    modules: [Autoplay, Pagination],
    loop: true,
    speed: 1500,
    autoplay: { delay: 5000 },
    pagination: {
      el: banner.querySelector<HTMLElement>('.swiper-pagination'),
      clickable: true,
      // Real buttons: focusable and named, where Swiper's default is a bare <span>.
      renderBullet: (index, className) =>
        `<button type="button" class="${className}" aria-label="第 ${index + 1} 张"></button>`,
    },
  });
  const markCurrent = () =>
    banner.querySelectorAll('.swiper-pagination-bullet').forEach((bullet, i) => {
      if (i === swiper.realIndex) bullet.setAttribute('aria-current', 'true');
      else bullet.removeAttribute('aria-current');
    });
  swiper.on('slideChange', markCurrent);
  swiper.on('paginationUpdate', markCurrent);
  markCurrent();
}

function startPartners(partners: HTMLElement): void {
  new Swiper(partners, {
    modules: [Autoplay],
    loop: true,
    // delay 0 with a long, linear transition (see the component's CSS) is a continuous drift.
    autoplay: { delay: 0, disableOnInteraction: false },
    speed: 10000,
    slidesPerView: 2,
    slidesPerGroup: 4,
    spaceBetween: 5,
    breakpoints: { 961: { slidesPerView: 4, slidesPerGroup: 4 } },
  });
}

// The strip sits at the bottom of the page: start it when it comes near, not during load.
const partners = document.querySelector<HTMLElement>('[data-partner-swiper]');
if (partners) {
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        startPartners(partners);
      }
    },
    { rootMargin: '300px 0px' },
  );
  observer.observe(partners);
}
