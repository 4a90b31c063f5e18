#pragma once
// Records in a uniformly random order, however many, in bounded memory. Each record goes to a bucket
// drawn uniformly at random (a temporary file); each bucket is then shuffled in memory (Fisher-Yates) and
// the buckets are written one after the other. A uniform bucket choice followed by a uniform shuffle
// within each bucket gives a uniform permutation of all records (P. Sanders, "Random permutations on
// distributed, external and hierarchical memory", IPL 67, 1998). A bucket that grew past the memory
// budget is scattered again into smaller ones, so the budget holds whatever the draws.
//
// The bucket files are unlinked as soon as they are created: nothing is left behind on any exit,
// kill -9 included; the system frees them when the object is destroyed or the process ends.
#include "core/data/Errors.h"
#include "core/randomization/RandomSource.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace rr {

// Appends `record` to `out` framed for ExternalShuffle::append (its length, then its bytes).
void frameRecord(std::string& out, std::string_view record);

class ExternalShuffle {
public:
    // `folder`: where the temporary files live (the release's folder, so the space is the owner's disk);
    // `target`: the file they are for, named in messages. `memoryBudget`: the most bytes of records held
    // at once when writing. `recordBytes`: 0 for records of any length (framed, frameRecord), else every
    // record has that many bytes and is appended as it is (no frame: a coded record).
    ExternalShuffle(std::string folder, std::string target, std::size_t buckets, std::size_t memoryBudget,
                    std::size_t recordBytes = 0);
    ~ExternalShuffle();
    ExternalShuffle(const ExternalShuffle&) = delete;
    ExternalShuffle& operator=(const ExternalShuffle&) = delete;

    // Buckets for `bytes` of records under `memoryBudget` (each at most about half the budget; a power of two).
    static std::size_t bucketsFor(std::uint64_t bytes, std::size_t memoryBudget);

    std::size_t buckets() const { return m_files.size(); }
    std::uint64_t bytes() const { return m_total; }
    // Adds framed records (frameRecord), or whole records of recordBytes each, to bucket `bucket`. IoError when
    // the disk refuses them.
    void append(std::size_t bucket, std::string_view framed);

    // Hands every bucket's records (recordBytes each) to `change` a piece at a time, in the order appended,
    // and writes back what it leaves there (the same length): e.g. each record randomized in place. Buckets
    // are shared out among `threads` threads (the caller's one of them), so `change` runs concurrently on
    // different buckets, never on one bucket at once. `progress(bytes done)`, on the calling thread only,
    // returning false throws Cancelled. With `shuffle`, each bucket within the memory budget is changed whole
    // and also put in a uniformly random order there (on the threads, not later on the writing one), from the
    // ChaCha20 stream shuffle->firstStream + bucket of its key, so the order does not depend on the threads;
    // writeTo and forEachRecord then write it as it is.
    using Change = std::function<void(std::size_t bucket, char* records, std::size_t bytes)>;
    struct ShuffleStreams {
        const StreamKey& key;
        std::uint64_t firstStream;
    };
    void rewrite(const Change& change, unsigned threads, const std::function<bool(std::uint64_t)>& progress = {},
                 const std::optional<ShuffleStreams>& shuffle = std::nullopt);

    // Writes every record once: the buckets in order, each in a uniformly random order drawn from its own
    // ChaCha20 stream of `key` (ids from `nextStream` on), or in the order appended when `shuffle` is
    // false. `progress(bytes written)` returning false throws Cancelled.
    void writeTo(std::ostream& out, const StreamKey& key, bool shuffle, std::uint64_t& nextStream,
                 const std::function<bool(std::uint64_t)>& progress = {});
    // The same order, each record handed to `record` (for a target that is not a byte stream: a table). Called
    // again with the same key and the same first id, it hands the same records in the same order (a release in
    // several files); its progress counts from 0 each time.
    using RecordOut = std::function<void(std::string_view record)>;
    void forEachRecord(const RecordOut& record, const StreamKey& key, bool shuffle, std::uint64_t& nextStream,
                       const std::function<bool(std::uint64_t)>& progress = {});

private:
    void writeBucket(std::size_t b, const RecordOut& out, const StreamKey& key, bool shuffle,
                     std::uint64_t& nextStream, const std::function<bool(std::uint64_t)>& progress);

    std::string m_folder;
    std::string m_target;
    std::size_t m_budget;
    std::size_t m_width; // bytes per record; 0: framed
    std::vector<int> m_files;            // one descriptor per bucket
    std::vector<std::uint64_t> m_sizes;  // bytes per bucket
    std::vector<std::uint8_t> m_shuffled; // per bucket: already in a random order (rewrite)
    std::uint64_t m_total = 0;
    std::uint64_t m_written = 0;         // for progress
};

} // namespace rr
