"""Where games are played: `local` (worker processes on this machine, all cores by default)
or `ray` (tasks on a Ray cluster). Both take batches of games (cell key, k) and hand back
finished games; the driver decides the batches and keeps the store."""
from __future__ import annotations

import multiprocessing as mp
import os
import queue
import traceback

from cardboard.engine import ConfigError

from .campaign import Campaign


class InlineBackend:
    """No worker process: the driver plays each batch itself (`--workers 0`; tests, debugging)."""

    name = "inline"
    capacity = 1

    def __init__(self, campaign: Campaign):
        from .play import warm

        self.campaign = campaign
        self.batches: list = []
        warm(campaign)

    def submit(self, batch_id: int, items: list) -> None:
        self.batches.append((batch_id, items))

    def events(self, timeout: float):
        from .play import play_batch

        while self.batches:
            batch_id, items = self.batches.pop(0)
            for record in play_batch(self.campaign, items):
                yield "game", record
            yield "batch", batch_id

    def close(self) -> None:
        import gc

        gc.unfreeze()


class LocalBackend:
    """Worker processes; each sends every game the moment it ends, so the store loses at most
    the games being played if the run is killed."""

    name = "local"

    def __init__(self, campaign: Campaign, workers: int | None = None):
        if workers is not None and workers < 0:
            raise ConfigError("--workers must be 0 (play in this process) or more")
        self.capacity = workers or os.cpu_count() or 1
        ctx = mp.get_context("spawn")  # no threads or open files of the driver are copied
        self.tasks = ctx.Queue()
        self.results = ctx.Queue()
        doc = campaign.model_dump_json()
        self.procs = [ctx.Process(target=_local_worker, args=(doc, self.tasks, self.results, os.getpid()),
                                  daemon=True, name=f"cardboard-lab-{i}") for i in range(self.capacity)]
        for p in self.procs:
            p.start()

    def submit(self, batch_id: int, items: list) -> None:
        self.tasks.put((batch_id, items))

    def events(self, timeout: float):
        """("game", record) and ("batch", id) as they come; nothing after `timeout` seconds."""
        try:
            kind, value = self.results.get(timeout=timeout)
        except queue.Empty:
            dead = [p for p in self.procs if not p.is_alive()]
            if dead:
                raise RuntimeError(f"a lab worker stopped (exit code {dead[0].exitcode})")
            return
        if kind == "error":
            raise RuntimeError(f"a lab worker failed:\n{value}")
        yield kind, value
        while True:  # drain what else is ready, without waiting
            try:
                kind, value = self.results.get_nowait()
            except queue.Empty:
                return
            if kind == "error":
                raise RuntimeError(f"a lab worker failed:\n{value}")
            yield kind, value

    def close(self) -> None:
        for _ in self.procs:
            try:
                self.tasks.put(None)
            except (OSError, ValueError):
                pass
        for p in self.procs:
            p.join(timeout=2)
            if p.is_alive():
                p.terminate()
                p.join(timeout=2)
        for q in (self.tasks, self.results):
            q.cancel_join_thread()
            q.close()


def _local_worker(doc: str, tasks, results, parent: int) -> None:
    from .play import play_batch, warm

    campaign = Campaign.model_validate_json(doc)
    try:
        warm(campaign)
        while True:
            try:
                task = tasks.get(timeout=1.0)
            except queue.Empty:
                if os.getppid() != parent:  # the driver is gone (killed): stop, leave no orphan
                    return
                continue
            if task is None:
                return
            batch_id, items = task
            play_batch(campaign, items, emit=lambda record: results.put(("game", record)))
            results.put(("batch", batch_id))
    except KeyboardInterrupt:
        return
    except Exception:  # noqa: BLE001 - reported to the driver
        results.put(("error", traceback.format_exc()))


# ---------------------------------------------------------------------- Ray
_ray_campaigns: dict = {}


def _ray_batch(doc: str, items: list) -> list[dict]:
    from .play import play_batch, warm

    campaign = _ray_campaigns.get(doc)
    if campaign is None:
        campaign = _ray_campaigns[doc] = Campaign.model_validate_json(doc)
        warm(campaign)
    return play_batch(campaign, items)


class RayBackend:
    """A batch of games is one Ray task (one CPU); finished games come back with their batch."""

    name = "ray"

    def __init__(self, campaign: Campaign, address: str | None = None, workers: int | None = None):
        try:
            import ray
        except ImportError:
            raise ConfigError("the Ray backend needs Ray: pip install 'cardboard[ray]'") from None
        self.ray = ray
        self.owned = not ray.is_initialized()
        if self.owned:
            try:
                ray.init(address=address, logging_level="ERROR", log_to_driver=False,
                         include_dashboard=False, configure_logging=True)
            except ConnectionError as exc:
                raise ConfigError(f"cannot reach the Ray cluster at '{address}': {exc}") from None
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.capacity = min(workers, cpus) if workers else cpus
        self.task = ray.remote(num_cpus=1, max_retries=2)(_ray_batch)
        self.doc = ray.put(campaign.model_dump_json())
        self.futures: dict = {}

    def submit(self, batch_id: int, items: list) -> None:
        self.futures[self.task.remote(self.doc, items)] = batch_id

    def events(self, timeout: float):
        if not self.futures:
            return
        ready, _ = self.ray.wait(list(self.futures), num_returns=1, timeout=timeout)
        if not ready:
            return
        ready, _ = self.ray.wait(list(self.futures), num_returns=len(self.futures), timeout=0)
        for ref in ready:
            batch_id = self.futures.pop(ref)
            for record in self.ray.get(ref):
                yield "game", record
            yield "batch", batch_id

    def close(self) -> None:
        for ref in self.futures:
            self.ray.cancel(ref, force=True)
        self.futures.clear()
        if self.owned:
            self.ray.shutdown()


def make_backend(name: str, campaign: Campaign, workers: int | None = None, address: str | None = None):
    if name == "local":
        if address:
            raise ConfigError("--address is for --backend ray")
        if workers == 0:
            return InlineBackend(campaign)
        return LocalBackend(campaign, workers)
    if name == "ray":
        return RayBackend(campaign, address, workers)
    raise ConfigError(f"unknown backend '{name}'; known backends: local, ray")
