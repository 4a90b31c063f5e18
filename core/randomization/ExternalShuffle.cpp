#include "core/randomization/ExternalShuffle.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cerrno>
#include <cstring>
#include <exception>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>

namespace rr {
namespace {

constexpr std::size_t kFrameBytes = sizeof(std::uint32_t);
constexpr std::size_t kCopyBytes = std::size_t(1) << 20;

// Swaps two records of W bytes (W known at compile time: a few moves, no call).
template <std::size_t W>
void swapRecords(char* a, char* b)
{
    char held[W];
    std::memcpy(held, a, W);
    std::memmove(a, b, W); // a and b may be the same record
    std::memcpy(b, held, W);
}

// Fisher-Yates on `count` records of `width` bytes in place: every order equally likely.
void shuffleRecords(char* data, std::size_t count, std::size_t width, RandomSource& rng)
{
    auto run = [&](auto swap) {
        for (std::size_t i = count; i > 1; --i)
            swap(data + (i - 1) * width, data + rng.below(i) * width);
    };
    switch (width) {
    case 1: return run(swapRecords<1>);
    case 2: return run(swapRecords<2>);
    case 3: return run(swapRecords<3>);
    case 4: return run(swapRecords<4>);
    case 5: return run(swapRecords<5>);
    case 6: return run(swapRecords<6>);
    case 7: return run(swapRecords<7>);
    case 8: return run(swapRecords<8>);
    default: break;
    }
    std::string held(width, '\0');
    run([&](char* a, char* b) {
        std::memcpy(held.data(), a, width);
        std::memmove(a, b, width);
        std::memcpy(b, held.data(), width);
    });
}

std::string errnoText(int err)
{
    return std::strerror(err);
}

// A file no name points to: O_TMPFILE where the file system has it, else created and unlinked at once.
int anonymousFile(const std::string& folder, const std::string& target)
{
    int fd = ::open(folder.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0)
        return fd;
    std::string name = folder + "/.rr-shuffle-XXXXXX";
    fd = ::mkostemp(name.data(), O_CLOEXEC);
    if (fd < 0)
        throw IoError("cannot write '" + target + "': no temporary space for the record order in '" + folder +
                      "': " + errnoText(errno));
    ::unlink(name.c_str());
    return fd;
}

void writeAll(int fd, const char* p, std::size_t n, const std::string& target)
{
    while (n > 0) {
        const ssize_t w = ::write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            throw IoError("cannot write '" + target + "': its temporary files of the record order failed: " +
                          errnoText(errno));
        }
        p += w;
        n -= static_cast<std::size_t>(w);
    }
}

void writeAt(int fd, const char* p, std::size_t n, std::uint64_t offset, const std::string& target)
{
    while (n > 0) {
        const ssize_t w = ::pwrite(fd, p, n, static_cast<off_t>(offset));
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            throw IoError("cannot write '" + target + "': its temporary files of the record order failed: " +
                          errnoText(errno));
        p += w;
        n -= static_cast<std::size_t>(w);
        offset += static_cast<std::uint64_t>(w);
    }
}

void readAll(int fd, char* p, std::size_t n, std::uint64_t offset, const std::string& target)
{
    while (n > 0) {
        const ssize_t r = ::pread(fd, p, n, static_cast<off_t>(offset));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            throw IoError("cannot write '" + target + "': its temporary files of the record order cannot be read " +
                          "back: " + (r < 0 ? errnoText(errno) : std::string("they are shorter than written")));
        p += r;
        n -= static_cast<std::size_t>(r);
        offset += static_cast<std::uint64_t>(r);
    }
}

std::uint32_t frameLength(const char* p)
{
    std::uint32_t n = 0;
    std::memcpy(&n, p, kFrameBytes);
    return n;
}

// A bucket within the memory budget, whole: read, changed, put in a uniformly random order from its own
// stream (shuffle.firstStream + b), written back in place.
void changeAndShuffle(int fd, std::size_t n, std::size_t width, const std::string& target, std::string& buf,
                      const ExternalShuffle::Change& change, std::size_t b,
                      const ExternalShuffle::ShuffleStreams& shuffle)
{
    buf.resize(n);
    readAll(fd, buf.data(), n, 0, target);
    change(b, buf.data(), n);
    RandomSource rng = RandomSource::stream(shuffle.key, shuffle.firstStream + b);
    shuffleRecords(buf.data(), n / width, width, rng);
    writeAt(fd, buf.data(), n, 0, target);
}

// A bucket of `size` bytes in pieces of `piece`, in order until `stop`: each read, changed and written back in
// place, then `moved(bytes)`.
template <class Moved>
void changeInPieces(int fd, std::uint64_t size, std::size_t piece, const std::string& target, std::string& buf,
                    const ExternalShuffle::Change& change, std::size_t b, const std::atomic<bool>& stop,
                    Moved&& moved)
{
    for (std::uint64_t offset = 0; offset < size && !stop;) {
        const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(piece, size - offset));
        buf.resize(n);
        readAll(fd, buf.data(), n, offset, target);
        change(b, buf.data(), n);
        writeAt(fd, buf.data(), n, offset, target);
        offset += n;
        moved(n);
    }
}

// The next record of `buf` from `pos` (records of `width` bytes, or framed for 0): its bytes and its length
// with the frame, or false when it is not all there yet.
inline bool nextRecord(const std::string& buf, std::size_t pos, std::size_t width, std::string_view& record,
                       std::size_t& length)
{
    const std::size_t left = buf.size() - pos;
    if (width != 0) {
        if (left < width)
            return false;
        record = std::string_view(buf.data() + pos, width);
        length = width;
        return true;
    }
    if (left < kFrameBytes || left - kFrameBytes < frameLength(buf.data() + pos))
        return false;
    record = std::string_view(buf.data() + pos + kFrameBytes, frameLength(buf.data() + pos));
    length = kFrameBytes + record.size();
    return true;
}

// Reads a bucket's `size` bytes in pieces of kCopyBytes, in order: each whole record to `onRecord`, then the
// piece's bytes to `onPiece`.
template <class OnRecord, class OnPiece>
void readRecords(int fd, std::uint64_t size, std::size_t width, const std::string& target, OnRecord&& onRecord,
                 OnPiece&& onPiece)
{
    std::string buf;
    std::uint64_t offset = 0;
    while (offset < size) {
        const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(kCopyBytes, size - offset));
        const std::size_t old = buf.size();
        buf.resize(old + want);
        readAll(fd, buf.data() + old, want, offset, target);
        offset += want;
        std::size_t pos = 0, length = 0;
        std::string_view record;
        while (nextRecord(buf, pos, width, record, length)) {
            onRecord(record);
            pos += length;
        }
        buf.erase(0, pos);
        onPiece(want);
    }
}

// A record scattered to a random one of `pending` (the buffers of `again`'s buckets), a buffer appended to
// its bucket once it holds 256 KiB.
inline void scatterRecord(std::string_view record, std::size_t width, std::vector<std::string>& pending,
                          RandomSource& rng, ExternalShuffle& again)
{
    std::string& p = pending[rng.below(pending.size())];
    if (width != 0)
        p.append(record);
    else
        frameRecord(p, record);
    if (p.size() >= (std::size_t(1) << 18)) {
        again.append(&p - pending.data(), p);
        p.clear();
    }
}

// A bucket's `size` bytes read into memory at once (an IoError, not bad_alloc, when they do not fit).
std::string readWhole(int fd, std::uint64_t size, const std::string& target)
{
    std::string data;
    try {
        data.resize(static_cast<std::size_t>(size));
    } catch (const std::bad_alloc&) {
        throw IoError("cannot write '" + target + "': out of memory for " + std::to_string(size) +
                      " bytes of records to shuffle at once");
    }
    readAll(fd, data.data(), data.size(), 0, target);
    return data;
}

// Records of `width` bytes: Fisher-Yates on them in place (every order of the bucket's records equally
// likely), then each to `out`.
void outShuffledRecords(std::string& data, std::size_t width, const std::string& target, RandomSource& rng,
                        const ExternalShuffle::RecordOut& out)
{
    if (data.size() % width != 0)
        throw IoError("cannot write '" + target + "': its temporary files of the record order are damaged");
    const std::size_t count = data.size() / width;
    shuffleRecords(data.data(), count, width, rng);
    for (std::size_t i = 0; i < count; ++i)
        out(std::string_view(data.data() + i * width, width));
}

// Framed records: their starts found and put in a random order by Fisher-Yates (every order of the bucket's
// records equally likely), then each record to `out`.
void outShuffledFrames(const std::string& data, const std::string& target, RandomSource& rng,
                       const ExternalShuffle::RecordOut& out)
{
    std::vector<std::uint64_t> starts; // of each record's frame
    for (std::size_t pos = 0; pos < data.size();) {
        if (data.size() - pos < kFrameBytes || data.size() - pos - kFrameBytes < frameLength(data.data() + pos))
            throw IoError("cannot write '" + target + "': its temporary files of the record order are damaged");
        starts.push_back(pos);
        pos += kFrameBytes + frameLength(data.data() + pos);
    }
    for (std::size_t i = starts.size(); i > 1; --i)
        std::swap(starts[i - 1], starts[rng.below(i)]);
    for (const std::uint64_t s : starts)
        out(std::string_view(data.data() + s + kFrameBytes, frameLength(data.data() + s)));
}

} // namespace

void frameRecord(std::string& out, std::string_view record)
{
    if (record.size() > UINT32_MAX)
        throw InputError("a record of " + std::to_string(record.size()) + " bytes is too long to release");
    const auto n = static_cast<std::uint32_t>(record.size());
    out.append(reinterpret_cast<const char*>(&n), kFrameBytes);
    out.append(record);
}

std::size_t ExternalShuffle::bucketsFor(std::uint64_t bytes, std::size_t memoryBudget)
{
    const std::uint64_t fill = std::max<std::uint64_t>(1, memoryBudget / 2);
    // A power of two: a record's bucket is then drawn without a division (RandomSource::below).
    return static_cast<std::size_t>(std::bit_ceil(std::clamp<std::uint64_t>((bytes + fill - 1) / fill, 1, 4096)));
}

ExternalShuffle::ExternalShuffle(std::string folder, std::string target, std::size_t buckets,
                                 std::size_t memoryBudget, std::size_t recordBytes)
    : m_folder(std::move(folder)), m_target(std::move(target)), m_budget(std::max<std::size_t>(memoryBudget, 1024)),
      m_width(recordBytes)
{
    buckets = std::max<std::size_t>(buckets, 1);
    try {
        for (std::size_t b = 0; b < buckets; ++b)
            m_files.push_back(anonymousFile(m_folder, m_target));
    } catch (...) {
        for (int fd : m_files)
            ::close(fd);
        throw;
    }
    m_sizes.assign(buckets, 0);
    m_shuffled.assign(buckets, 0);
}

ExternalShuffle::~ExternalShuffle()
{
    for (int fd : m_files)
        ::close(fd);
}

void ExternalShuffle::append(std::size_t bucket, std::string_view framed)
{
    if (framed.empty())
        return;
    if (m_width != 0 && framed.size() % m_width != 0)
        throw IoError("cannot write '" + m_target + "': a record of the order has the wrong length");
    writeAll(m_files.at(bucket), framed.data(), framed.size(), m_target);
    m_sizes[bucket] += framed.size();
    m_total += framed.size();
}

void ExternalShuffle::rewrite(const Change& change, unsigned threads,
                              const std::function<bool(std::uint64_t)>& progress,
                              const std::optional<ShuffleStreams>& shuffle)
{
    if (m_width == 0)
        throw IoError("cannot write '" + m_target + "': records of any length cannot be changed in place");
    const std::size_t piece = std::max<std::size_t>(1, kCopyBytes / m_width) * m_width;
    std::atomic<std::size_t> next{0};
    std::atomic<std::uint64_t> done{0};
    std::atomic<bool> stop{false};
    std::mutex failed;
    std::exception_ptr failure;
    auto work = [&](bool caller) {
        // The bytes of a bucket or piece done; the calling thread reports them (and may be cancelled).
        const auto moved = [&](std::size_t n) {
            done += n;
            if (caller && progress && !progress(done))
                throw Cancelled("the release was cancelled");
        };
        try {
            std::string buf;
            for (std::size_t b = next++; b < m_files.size() && !stop; b = next++) {
                if (shuffle && m_sizes[b] <= m_budget) { // whole: changed, then shuffled
                    const std::size_t n = static_cast<std::size_t>(m_sizes[b]);
                    changeAndShuffle(m_files[b], n, m_width, m_target, buf, change, b, *shuffle);
                    m_shuffled[b] = 1;
                    moved(n);
                    continue;
                }
                changeInPieces(m_files[b], m_sizes[b], piece, m_target, buf, change, b, stop, moved);
            }
        } catch (...) {
            const std::lock_guard<std::mutex> lock(failed);
            if (!failure)
                failure = std::current_exception();
            stop = true;
        }
    };
    std::vector<std::thread> helpers;
    const std::size_t helping = std::min<std::size_t>(std::max(1u, threads), m_files.size()) - 1;
    try {
        for (std::size_t t = 0; t < helping; ++t)
            helpers.emplace_back(work, false);
    } catch (const std::system_error&) {
        // fewer threads than asked: the work is the same
    }
    work(true);
    for (std::thread& t : helpers)
        t.join();
    if (failure)
        std::rethrow_exception(failure);
}

void ExternalShuffle::writeTo(std::ostream& out, const StreamKey& key, bool shuffle, std::uint64_t& nextStream,
                              const std::function<bool(std::uint64_t)>& progress)
{
    forEachRecord([&out](std::string_view r) { out.write(r.data(), static_cast<std::streamsize>(r.size())); }, key,
                  shuffle, nextStream, progress);
}

void ExternalShuffle::forEachRecord(const RecordOut& record, const StreamKey& key, bool shuffle,
                                    std::uint64_t& nextStream, const std::function<bool(std::uint64_t)>& progress)
{
    m_written = 0;
    for (std::size_t b = 0; b < m_files.size(); ++b)
        writeBucket(b, record, key, shuffle, nextStream, progress);
}

void ExternalShuffle::writeBucket(std::size_t b, const RecordOut& out, const StreamKey& key, bool shuffle,
                                  std::uint64_t& nextStream, const std::function<bool(std::uint64_t)>& progress)
{
    const std::uint64_t size = m_sizes[b];
    const int fd = m_files[b];
    auto report = [&](std::uint64_t done) {
        m_written += done;
        if (progress && !progress(m_written))
            throw Cancelled("the release was cancelled");
    };
    if (size == 0)
        return;
    shuffle = shuffle && !m_shuffled[b];
    if (!shuffle || size > m_budget) {
        // In order (the source's), or scattered again into buckets that fit the budget.
        std::unique_ptr<ExternalShuffle> again;
        RandomSource rng = RandomSource::stream(key, nextStream++);
        std::vector<std::string> pending;
        if (shuffle) {
            again = std::make_unique<ExternalShuffle>(
                m_folder, m_target, std::max<std::size_t>(2, bucketsFor(size, m_budget)), m_budget, m_width);
            pending.resize(again->buckets());
        }
        readRecords(
            fd, size, m_width, m_target,
            [&](std::string_view record) {
                if (shuffle)
                    scatterRecord(record, m_width, pending, rng, *again);
                else
                    out(record);
            },
            [&](std::size_t want) {
                if (!shuffle)
                    report(want);
            });
        if (!shuffle)
            return;
        for (std::size_t k = 0; k < pending.size(); ++k)
            again->append(k, pending[k]);
        pending.clear();
        again->forEachRecord(out, key, shuffle, nextStream, [&](std::uint64_t) {
            return !progress || progress(m_written);
        });
        report(size);
        return;
    }
    std::string data = readWhole(fd, size, m_target);
    RandomSource rng = RandomSource::stream(key, nextStream++);
    if (m_width != 0)
        outShuffledRecords(data, m_width, m_target, rng, out);
    else
        outShuffledFrames(data, m_target, rng, out);
    report(size);
}

} // namespace rr
