import type { VideoCard } from '@lawline/contract/schemas';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import browse from '../../ui/browse.module.css';
import { InfiniteList } from '../../ui/infinite-list.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useVideos } from './api/videos.ts';
import styles from './videos.module.css';

function VideoItem({ video }: { video: VideoCard }) {
  return (
    <Link className={styles.item} to={paths.video(video.id)} data-testid="video-card">
      <span className={styles.cover}>
        <img src={video.coverUrl} alt="" loading="lazy" />
        <span className={styles.duration}>{video.durationText}</span>
        <span className={styles.play} aria-hidden="true">
          ▶
        </span>
      </span>
      <span className={styles.info}>
        <strong>{video.title}</strong>
        <span className={styles.meta}>
          {video.lawyer.realName}
          {video.lawyer.levelName ? ` · ${video.lawyer.levelName}律师` : ''} · {video.fieldName}
        </span>
      </span>
    </Link>
  );
}

/** VideoList: lawyers' videos, with the video consultation entry. */
export function VideoListPage({ name }: PageProps) {
  const [keyword, setKeyword] = useState('');
  const query = useVideos(keyword);
  return (
    <PageShell name={name}>
      <section className={styles.hero}>
        <strong>视频咨询律师</strong>
        <span>预约专业律师视频面谈，案情讲清楚，方案看得见。先看看律师们的普法视频：</span>
      </section>
      <div className={browse.searchBar}>
        <SearchBar
          placeholder="搜索视频标题"
          onSearch={(value) => setKeyword(value.trim())}
          onClear={() => setKeyword('')}
        />
      </div>
      <InfiniteList
        query={query}
        label="律师视频列表"
        keyOf={(video) => video.id}
        emptyText="暂无视频"
        renderItem={(video) => <VideoItem video={video} />}
      />
    </PageShell>
  );
}

export default VideoListPage;
