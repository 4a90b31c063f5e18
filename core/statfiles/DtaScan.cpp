#include "core/statfiles/DtaScan.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <fcntl.h>
#include <mutex>
#include <string_view>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <unordered_map>

namespace rr {
namespace {

using Type = DtaColumn::Type;

// Thrown inside a pass when a value is one only ReadStat reads alike; the pass then returns false.
struct Declined {};

// Open addressing from a stored value's bits to a small integer (a slot or a category).
class BitsMap {
public:
    BitsMap() : m_keys(16), m_values(16, kEmpty) {}
    // The value of `key`, or null.
    std::int32_t* find(std::uint64_t key)
    {
        for (std::size_t i = hash(key);; i = (i + 1) & (m_keys.size() - 1)) {
            if (m_values[i] == kEmpty)
                return nullptr;
            if (m_keys[i] == key)
                return &m_values[i];
        }
    }
    void insert(std::uint64_t key, std::int32_t value)
    {
        if (2 * (m_size + 1) > m_keys.size())
            grow();
        place(key, value);
        ++m_size;
    }

private:
    static constexpr std::int32_t kEmpty = std::int32_t(0x80000000);
    std::size_t hash(std::uint64_t k) const
    {
        k ^= k >> 33;
        k *= 0xff51afd7ed558ccdULL;
        k ^= k >> 33;
        return static_cast<std::size_t>(k) & (m_keys.size() - 1);
    }
    void place(std::uint64_t key, std::int32_t value)
    {
        std::size_t i = hash(key);
        while (m_values[i] != kEmpty)
            i = (i + 1) & (m_keys.size() - 1);
        m_keys[i] = key;
        m_values[i] = value;
    }
    void grow()
    {
        std::vector<std::uint64_t> keys(m_keys.size() * 2);
        std::vector<std::int32_t> values(m_keys.size() * 2, kEmpty);
        keys.swap(m_keys);
        values.swap(m_values);
        for (std::size_t i = 0; i < keys.size(); ++i)
            if (values[i] != kEmpty)
                place(keys[i], values[i]);
    }
    std::vector<std::uint64_t> m_keys;
    std::vector<std::int32_t> m_values;
    std::size_t m_size = 0;
};

struct TextHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

// A stored value's bits, in the machine's order, zero-extended.
inline std::uint64_t loadBits(const unsigned char* p, std::uint32_t width, bool swap)
{
    switch (width) {
    case 1:
        return p[0];
    case 2: {
        std::uint16_t v;
        std::memcpy(&v, p, 2);
        return swap ? __builtin_bswap16(v) : v;
    }
    case 4: {
        std::uint32_t v;
        std::memcpy(&v, p, 4);
        return swap ? __builtin_bswap32(v) : v;
    }
    default: {
        std::uint64_t v;
        std::memcpy(&v, p, 8);
        return swap ? __builtin_bswap64(v) : v;
    }
    }
}

// A number's value as ReadStat's dta reader classifies it (readstat_dta_read.c, dta_interpret_*_bytes,
// release 113 and later; limits from readstat_dta.h: DTA_113_MAX_* and DTA_113_MISSING_*): above the
// type's largest value is missing, the first code '.', the following ones .a, .b, ... (the tag computed
// as ReadStat does, wrapped to a char alike). Floats compare their bits as a signed integer. A stored NaN
// below the limits is a system missing value (StatFileReader.cpp's onValue).
struct Number {
    StatFileValue::Kind kind = StatFileValue::Kind::Present;
    char tag = 0;
    std::uint64_t key = 0; // the double's bits, -0 as 0
};

template <class Int>
inline Number integer(Int v, Int max)
{
    Number n;
    if (v > max) {
        if (v > max + 1) {
            n.kind = StatFileValue::Kind::TaggedMissing;
            n.tag = static_cast<char>('a' + (static_cast<long long>(v) - (max + 2)));
        } else
            n.kind = StatFileValue::Kind::SystemMissing;
        return n;
    }
    n.key = std::bit_cast<std::uint64_t>(static_cast<double>(v) + 0.0);
    return n;
}

inline Number numberOf(Type type, std::uint64_t bits)
{
    switch (type) {
    case Type::Byte:
        return integer<int>(static_cast<std::int8_t>(bits), 0x64);
    case Type::Int:
        return integer<int>(static_cast<std::int16_t>(bits), 0x7fe4);
    case Type::Long:
        return integer<long long>(static_cast<std::int32_t>(bits), 0x7fffffe4);
    case Type::Float: {
        Number n;
        const auto v = static_cast<std::int32_t>(bits);
        if (v > 0x7effffff) {
            if (v > 0x7f000000) {
                n.kind = StatFileValue::Kind::TaggedMissing;
                n.tag = static_cast<char>('a' + ((v - 0x7f000800) >> 11));
            } else
                n.kind = StatFileValue::Kind::SystemMissing;
            return n;
        }
        double d = std::bit_cast<float>(static_cast<std::uint32_t>(bits));
        if (d != d) {
            n.kind = StatFileValue::Kind::SystemMissing;
            return n;
        }
        if (d == 0)
            d = 0;
        n.key = std::bit_cast<std::uint64_t>(d);
        return n;
    }
    default: {
        Number n;
        const auto v = static_cast<std::int64_t>(bits);
        if (v > 0x7fdfffffffffffffLL) {
            if (v > 0x7fe0000000000000LL) {
                n.kind = StatFileValue::Kind::TaggedMissing;
                n.tag = static_cast<char>('a' + ((v - 0x7fe0010000000000LL) >> 40));
            } else
                n.kind = StatFileValue::Kind::SystemMissing;
            return n;
        }
        double d = std::bit_cast<double>(bits);
        if (d != d) {
            n.kind = StatFileValue::Kind::SystemMissing;
            return n;
        }
        if (d == 0)
            d = 0;
        n.key = std::bit_cast<std::uint64_t>(d);
        return n;
    }
    }
}

std::string keyOfBits(std::uint64_t bits)
{
    std::string key(sizeof bits, '\0');
    std::memcpy(key.data(), &bits, sizeof bits);
    return key;
}

// A strN value as ReadStat's dta reader hands it over (dta_handle_row, readstat_convert of ReadStat
// 1.1.8): up to the first NUL, trailing spaces removed. Before release 118 ReadStat converts the text
// from Windows-1252; this reader takes only ASCII there (Declined otherwise). Empty: missing.
inline std::string_view textOf(const unsigned char* p, std::uint32_t width, int release)
{
    const char* s = reinterpret_cast<const char*>(p);
    std::size_t n = ::strnlen(s, width);
    while (n > 0 && s[n - 1] == ' ')
        --n;
    if (release < 118)
        for (std::size_t i = 0; i < n; ++i)
            if (static_cast<unsigned char>(s[i]) >= 0x80)
                throw Declined{};
    return {s, n};
}

// Closes the file runBlocks reads when it returns or throws.
struct FdCloser {
    int fd;
    ~FdCloser() { ::close(fd); }
};

// What runBlocks' threads share: the file, the rows read so far, the stop flag, each thread's error or decline.
struct BlockRun {
    BlockRun(const std::string& path, const DtaLayout& layout, int threads, int fd,
             const std::function<void(int, const unsigned char*, std::size_t)>& work)
        : path(path), layout(layout), threads(threads), fd(fd), work(work),
          blockRows(std::max<std::size_t>(1, (std::size_t(1) << 20) / static_cast<std::size_t>(layout.rowBytes))),
          errors(static_cast<std::size_t>(threads)), declined(static_cast<std::size_t>(threads), 0)
    {}

    // Thread t's contiguous part of the rows, read in blocks and handed to `work` while `keepOn` says so.
    void readRows(int t, const std::function<bool()>& keepOn)
    {
        const std::uint64_t first = layout.rows * static_cast<std::uint64_t>(t) / static_cast<std::uint64_t>(threads);
        const std::uint64_t end = layout.rows * static_cast<std::uint64_t>(t + 1) / static_cast<std::uint64_t>(threads);
        std::vector<unsigned char> buf(blockRows * layout.rowBytes);
        for (std::uint64_t row = first; row < end && keepOn();) {
            const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(blockRows, end - row));
            const std::size_t bytes = n * layout.rowBytes;
            const std::uint64_t at = layout.dataOffset + row * layout.rowBytes;
            for (std::size_t got = 0; got < bytes;) {
                const ssize_t r = ::pread(fd, buf.data() + got, bytes - got, static_cast<off_t>(at + got));
                if (r <= 0)
                    throw InputError("'" + path + "' changed since it was opened (it ends early)");
                got += static_cast<std::size_t>(r);
            }
            work(t, buf.data(), n);
            row += n;
            done.fetch_add(n, std::memory_order_relaxed);
        }
    }

    // A pool thread: its rows, until done or stopped; its error or decline kept for the calling thread.
    void body(int t)
    {
        try {
            readRows(t, [&] { return !stop.load(std::memory_order_relaxed); });
        } catch (const Declined&) {
            declined[static_cast<std::size_t>(t)] = 1;
            stop = true;
        } catch (...) {
            errors[static_cast<std::size_t>(t)] = std::current_exception();
            stop = true;
        }
        std::lock_guard<std::mutex> lock(m);
        --running;
        cv.notify_all();
    }

    const std::string& path;
    const DtaLayout& layout;
    const int threads;
    const int fd;
    const std::function<void(int, const unsigned char*, std::size_t)>& work;
    const std::size_t blockRows;
    std::atomic<std::uint64_t> done{0};
    std::atomic<bool> stop{false};
    std::vector<std::exception_ptr> errors;
    std::vector<char> declined;
    std::mutex m;
    std::condition_variable cv;
    int running = 0;
};

// The file opened for reading (closed by an FdCloser).
int openForReading(const std::string& path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw InputError("'" + path + "' cannot be opened");
    return fd;
}

// Refused when the file's size is not the one its layout was read from.
void checkUnchanged(int fd, const std::string& path, const DtaLayout& layout)
{
    struct stat st {};
    if (::fstat(fd, &st) != 0 || static_cast<std::uint64_t>(st.st_size) != layout.fileSize)
        throw InputError("'" + path + "' changed since it was opened (its size)");
}

// One part, on the calling thread: no thread to start (small files, one core).
bool runOnCallingThread(BlockRun& run, const ProgressFunction& progress)
{
    try {
        run.readRows(0, [&] {
            if (progress && !progress(static_cast<double>(run.done.load()) / static_cast<double>(run.layout.rows)))
                throw Cancelled("reading was cancelled");
            return true;
        });
    } catch (const Declined&) {
        return false;
    }
    if (progress && !progress(1.0))
        throw Cancelled("reading was cancelled");
    return true;
}

// Starts a thread per part and waits for them all, asking `progress` every 50 ms; whether it cancelled.
bool startAndWatch(BlockRun& run, std::vector<std::thread>& pool, const ProgressFunction& progress)
{
    bool cancelled = false;
    for (int t = 0; t < run.threads; ++t) {
        {
            std::lock_guard<std::mutex> lock(run.m);
            ++run.running;
        }
        try {
            pool.emplace_back([&run](int part) { run.body(part); }, t);
        } catch (...) {
            std::lock_guard<std::mutex> lock(run.m);
            --run.running;
            throw;
        }
    }
    std::unique_lock<std::mutex> lock(run.m);
    while (run.running > 0) {
        run.cv.wait_for(lock, std::chrono::milliseconds(50));
        if (progress && run.running > 0 && !cancelled) {
            const double f =
                run.layout.rows ? static_cast<double>(run.done.load()) / static_cast<double>(run.layout.rows) : 1;
            lock.unlock();
            const bool go = progress(f);
            lock.lock();
            if (!go) {
                cancelled = true;
                run.stop = true;
            }
        }
    }
    return cancelled;
}

// The parts on threads of their own, joined whatever happens; the first thread's error is rethrown.
bool runPool(BlockRun& run, const ProgressFunction& progress)
{
    std::vector<std::thread> pool;
    bool cancelled = false;
    try {
        cancelled = startAndWatch(run, pool, progress);
    } catch (...) {
        run.stop = true;
        for (auto& th : pool)
            th.join();
        throw;
    }
    for (auto& th : pool)
        th.join();
    for (const auto& e : run.errors)
        if (e)
            std::rethrow_exception(e);
    if (std::find(run.declined.begin(), run.declined.end(), 1) != run.declined.end())
        return false;
    if (cancelled)
        throw Cancelled("reading was cancelled");
    if (progress && !progress(1.0))
        throw Cancelled("reading was cancelled");
    return true;
}

// Runs `work(thread, rows, count)` over the records, the row range split into `threads` contiguous parts,
// each read in blocks; progress and cancelling from the calling thread.
bool runBlocks(const std::string& path, const DtaLayout& layout, int threads, const ProgressFunction& progress,
               const std::function<void(int, const unsigned char*, std::size_t)>& work)
{
    const int fd = openForReading(path);
    FdCloser closer{fd};
    checkUnchanged(fd, path, layout);
    BlockRun run(path, layout, threads, fd, work);
    if (threads == 1)
        return runOnCallingThread(run, progress);
    return runPool(run, progress);
}

// One column's distinct stored values in one thread's rows, in first appearance: numbers by their bits
// (byte and int through a table), strings by their text.
struct ColumnTally {
    std::vector<std::int32_t> direct; // byte, int: slot by stored bits, -1 unseen
    BitsMap hashed;                   // long, float, double
    std::unordered_map<std::string_view, std::int32_t, TextHash, std::equal_to<>> texts;
    std::deque<std::string> textStore;
    std::vector<std::uint64_t> bits; // slot -> stored bits (numbers)
    std::vector<double> counts;
};

void tallyColumn(const DtaLayout& layout, const DtaColumn& c, const std::string& name, const unsigned char* rows,
                 std::size_t n, ColumnTally& tally)
{
    const bool swap = layout.bigEndian != (std::endian::native == std::endian::big);
    const unsigned char* p = rows + c.offset;
    const std::size_t stride = layout.rowBytes;
    auto limit = [&] {
        if (tally.counts.size() >= StatFileLimits::kMaxCategories)
            throw InputError("'" + name + "' has more than " + std::to_string(StatFileLimits::kMaxCategories) +
                             " distinct values");
    };
    if (c.type == Type::Byte || c.type == Type::Int) {
        if (tally.direct.empty())
            tally.direct.assign(c.type == Type::Byte ? 256 : 65536, -1);
        for (std::size_t r = 0; r < n; ++r, p += stride) {
            const std::uint64_t b = loadBits(p, c.width, swap);
            std::int32_t& slot = tally.direct[static_cast<std::size_t>(b)];
            if (slot < 0) {
                slot = static_cast<std::int32_t>(tally.counts.size());
                tally.bits.push_back(b);
                tally.counts.push_back(0);
            }
            tally.counts[static_cast<std::size_t>(slot)] += 1;
        }
    } else if (c.type == Type::Str) {
        for (std::size_t r = 0; r < n; ++r, p += stride) {
            const std::string_view text = textOf(p, c.width, layout.release);
            auto it = tally.texts.find(text);
            if (it == tally.texts.end()) {
                limit();
                const std::string& stored = tally.textStore.emplace_back(text);
                it = tally.texts.emplace(std::string_view(stored), static_cast<std::int32_t>(tally.counts.size())).first;
                tally.counts.push_back(0);
            }
            tally.counts[static_cast<std::size_t>(it->second)] += 1;
        }
    } else {
        for (std::size_t r = 0; r < n; ++r, p += stride) {
            const std::uint64_t b = loadBits(p, c.width, swap);
            std::int32_t* slot = tally.hashed.find(b);
            if (!slot) {
                limit();
                tally.hashed.insert(b, static_cast<std::int32_t>(tally.counts.size()));
                tally.bits.push_back(b);
                tally.counts.push_back(1);
                continue;
            }
            tally.counts[static_cast<std::size_t>(*slot)] += 1;
        }
    }
}

} // namespace

int dtaThreads(const DtaLayout& layout)
{
    const unsigned cores = std::max(1u, std::min(4u, std::thread::hardware_concurrency()));
    const std::uint64_t byRows = layout.rows / 65536 + 1; // small files: one thread
    return static_cast<int>(std::min<std::uint64_t>(cores, byRows));
}

bool dtaCountValues(const std::string& path, const DtaLayout& layout, const std::vector<std::string>& names,
                    const ProgressFunction& progress, std::vector<DtaValueCounts>& out)
{
    const int threads = dtaThreads(layout);
    const std::size_t columns = layout.columns.size();
    std::vector<std::vector<ColumnTally>> tallies(static_cast<std::size_t>(threads), std::vector<ColumnTally>(columns));
    const bool ok = runBlocks(path, layout, threads, progress, [&](int t, const unsigned char* rows, std::size_t n) {
        auto& mine = tallies[static_cast<std::size_t>(t)];
        for (std::size_t c = 0; c < columns; ++c)
            tallyColumn(layout, layout.columns[c], names[c], rows, n, mine[c]);
    });
    if (!ok)
        return false;
    // Threads in row order: first appearance in the file is first appearance in the earliest thread.
    out.assign(columns, {});
    for (std::size_t c = 0; c < columns; ++c) {
        DtaValueCounts& v = out[c];
        const Type type = layout.columns[c].type;
        std::unordered_map<std::string, std::size_t> index;
        auto add = [&](std::string key, double count) {
            v.present += count;
            auto [it, added] = index.emplace(std::move(key), v.keys.size());
            if (added) {
                if (v.keys.size() >= StatFileLimits::kMaxCategories)
                    throw InputError("'" + path + "': variable '" + names[c] + "' has more than " +
                                     std::to_string(StatFileLimits::kMaxCategories) + " distinct values");
                v.keys.push_back(it->first);
                v.counts.push_back(0);
            }
            v.counts[it->second] += count;
        };
        for (auto& perThread : tallies) {
            ColumnTally& tally = perThread[c];
            if (type == Type::Str) {
                std::vector<std::string_view> bySlot(tally.counts.size());
                for (const auto& [text, slot] : tally.texts)
                    bySlot[static_cast<std::size_t>(slot)] = text;
                for (std::size_t s = 0; s < bySlot.size(); ++s)
                    if (!bySlot[s].empty()) // the empty string is a string's missing value
                        add(std::string(bySlot[s]), tally.counts[s]);
            } else {
                for (std::size_t s = 0; s < tally.counts.size(); ++s) {
                    const Number num = numberOf(type, tally.bits[s]);
                    if (num.kind == StatFileValue::Kind::Present)
                        add(keyOfBits(num.key), tally.counts[s]);
                    else if (num.kind == StatFileValue::Kind::TaggedMissing)
                        v.tagged[num.tag] += tally.counts[s];
                }
            }
            tally = ColumnTally();
        }
    }
    return true;
}

namespace {

constexpr std::int32_t kUnseen = -2;

// One column's category of a stored value, filled as values appear (one per thread and column).
struct CodeLookup {
    std::vector<std::int32_t> direct;
    BitsMap hashed;
    std::unordered_map<std::string, std::int32_t, TextHash, std::equal_to<>> texts;
};

// One column's part of a block: its stored values (a row apart) and where their codes go (k codes apart).
struct ColumnBlock {
    const unsigned char* p;
    std::int32_t* o;
    std::size_t n;
    std::uint64_t rowBytes;
    std::size_t k;
};

InputError unseenValue(const std::string& path, const DtaCodedColumn& col)
{
    return InputError("'" + path + "' changed since it was opened (a value of '" + col.name + "' not seen before)");
}

// A number's category (-1: missing); a value the counting pass did not see means the file changed.
std::int32_t categoryOfNumber(const std::string& path, const DtaCodedColumn& col, Type type, std::uint64_t b)
{
    const Number num = numberOf(type, b);
    if (num.kind != StatFileValue::Kind::Present)
        return std::int32_t(-1);
    const std::int32_t* cat = col.categoryOfKey->find(keyOfBits(num.key), false);
    if (!cat)
        throw unseenValue(path, col);
    return *cat;
}

// byte and int: the category of each stored value through a table over all its bit patterns.
inline void codeByTable(ColumnBlock b, const DtaColumn& c, const DtaCodedColumn& col, CodeLookup& look, bool swap,
                        const std::string& path)
{
    if (look.direct.empty())
        look.direct.assign(c.type == Type::Byte ? 256 : 65536, kUnseen);
    for (std::size_t r = 0; r < b.n; ++r, b.p += b.rowBytes, b.o += b.k) {
        const std::uint64_t bits = loadBits(b.p, c.width, swap);
        std::int32_t& cat = look.direct[static_cast<std::size_t>(bits)];
        if (cat == kUnseen)
            cat = categoryOfNumber(path, col, c.type, bits);
        *b.o = cat;
    }
}

// strN: the category of each text (empty: missing), looked up once per distinct text.
inline void codeTexts(ColumnBlock b, const DtaColumn& c, const DtaCodedColumn& col, CodeLookup& look, int release,
                      const std::string& path)
{
    for (std::size_t r = 0; r < b.n; ++r, b.p += b.rowBytes, b.o += b.k) {
        const std::string_view text = textOf(b.p, c.width, release);
        if (text.empty()) {
            *b.o = -1;
            continue;
        }
        auto it = look.texts.find(text);
        if (it == look.texts.end()) {
            std::string key(text);
            const std::int32_t* cat = col.categoryOfKey->find(key, true);
            if (!cat)
                throw unseenValue(path, col);
            it = look.texts.emplace(std::move(key), *cat).first;
        }
        *b.o = it->second;
    }
}

// long, float, double: the category of each stored value through a hash of its bits.
inline void codeHashed(ColumnBlock b, const DtaColumn& c, const DtaCodedColumn& col, CodeLookup& look, bool swap,
                       const std::string& path)
{
    for (std::size_t r = 0; r < b.n; ++r, b.p += b.rowBytes, b.o += b.k) {
        const std::uint64_t bits = loadBits(b.p, c.width, swap);
        std::int32_t* cat = look.hashed.find(bits);
        if (!cat) {
            look.hashed.insert(bits, categoryOfNumber(path, col, c.type, bits));
            cat = look.hashed.find(bits);
        }
        *b.o = *cat;
    }
}

} // namespace

bool dtaScanCodes(const std::string& path, const DtaLayout& layout, const std::vector<DtaCodedColumn>& columns,
                  int threads, const ProgressFunction& progress, const DtaCodesBlock& block)
{
    const std::size_t k = columns.size();
    std::vector<std::vector<CodeLookup>> lookups(static_cast<std::size_t>(threads), std::vector<CodeLookup>(k));
    std::vector<std::vector<std::int32_t>> codes(static_cast<std::size_t>(threads));
    const bool swap = layout.bigEndian != (std::endian::native == std::endian::big);
    return runBlocks(path, layout, threads, progress, [&](int t, const unsigned char* rows, std::size_t n) {
        auto& out = codes[static_cast<std::size_t>(t)];
        out.resize(n * k);
        for (std::size_t j = 0; j < k; ++j) {
            const DtaCodedColumn& col = columns[j];
            const DtaColumn& c = layout.columns[static_cast<std::size_t>(col.column)];
            CodeLookup& look = lookups[static_cast<std::size_t>(t)][j];
            const ColumnBlock b{rows + c.offset, out.data() + j, n, layout.rowBytes, k};
            if (c.type == Type::Byte || c.type == Type::Int)
                codeByTable(b, c, col, look, swap, path);
            else if (c.type == Type::Str)
                codeTexts(b, c, col, look, layout.release, path);
            else
                codeHashed(b, c, col, look, swap, path);
        }
        block(t, out.data(), n);
    });
}

} // namespace rr
