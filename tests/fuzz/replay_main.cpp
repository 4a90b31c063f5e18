// Replays a libFuzzer harness without libFuzzer (GCC builds, ctest): every file of the corpus folders
// given on the command line, then inputs derived from them with a fixed seed - every prefix of each file
// (truncated input), bytes flipped, bytes inserted and deleted, chunks of two files spliced, and random
// bytes. A harness signals a finding by crashing (abort, sanitizer) or by an exception escaping it.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

using Bytes = std::vector<std::uint8_t>;

std::size_t g_runs = 0;

void run(const Bytes& input)
{
    // A fresh copy without spare capacity, so a read past the end is caught by ASan.
    // RR_REPLAY_LAST=FILE keeps the input being run, so the one that crashed can be replayed.
    if (const char* last = std::getenv("RR_REPLAY_LAST"))
        std::ofstream(last, std::ios::binary | std::ios::trunc)
            .write(reinterpret_cast<const char*>(input.data()), static_cast<std::streamsize>(input.size()));
    auto* copy = new std::uint8_t[input.empty() ? 1 : input.size()];
    std::copy(input.begin(), input.end(), copy);
    LLVMFuzzerTestOneInput(copy, input.size());
    delete[] copy;
    ++g_runs;
}

Bytes readFile(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return Bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Bytes that matter to the parsers (delimiters, quotes, line ends, signs, digits, UTF-8 lead bytes).
constexpr std::uint8_t kInteresting[] = {0,   '\n', '\r', ',',  ';',  '\t', '"',  '\'', ' ', '*', '-',
                                         '+', '.',  'e',  'E',  '0',  '1',  '9',  '{',  '}', '[', ']',
                                         ':', '#',  0x80, 0xC3, 0xE2, 0xEF, 0xBB, 0xBF, 0xFF};

std::uint8_t someByte(std::mt19937_64& g)
{
    if (g() % 2)
        return kInteresting[g() % sizeof kInteresting];
    return static_cast<std::uint8_t>(g());
}

Bytes mutate(Bytes b, std::mt19937_64& g)
{
    const int edits = 1 + static_cast<int>(g() % 4);
    for (int e = 0; e < edits; ++e) {
        const std::size_t at = b.empty() ? 0 : g() % (b.size() + 1);
        switch (g() % 4) {
        case 0: // overwrite
            if (at < b.size())
                b[at] = someByte(g);
            break;
        case 1: // insert
            b.insert(b.begin() + static_cast<std::ptrdiff_t>(at), someByte(g));
            break;
        case 2: // delete
            if (at < b.size())
                b.erase(b.begin() + static_cast<std::ptrdiff_t>(at));
            break;
        case 3: // duplicate a chunk
            if (at < b.size()) {
                const std::size_t len = std::min<std::size_t>(b.size() - at, 1 + g() % 16);
                const Bytes chunk(b.begin() + static_cast<std::ptrdiff_t>(at),
                                  b.begin() + static_cast<std::ptrdiff_t>(at + len));
                b.insert(b.begin() + static_cast<std::ptrdiff_t>(at), chunk.begin(), chunk.end());
            }
            break;
        }
    }
    return b;
}

} // namespace

int main(int argc, char** argv)
{
    std::vector<Bytes> corpus;
    for (int i = 1; i < argc; ++i) {
        const std::filesystem::path folder(argv[i]);
        if (!std::filesystem::is_directory(folder)) {
            std::fprintf(stderr, "replay: '%s' is not a corpus folder\n", argv[i]);
            return 2;
        }
        std::vector<std::filesystem::path> files;
        for (const auto& entry : std::filesystem::directory_iterator(folder))
            if (entry.is_regular_file())
                files.push_back(entry.path());
        std::sort(files.begin(), files.end()); // the same order, so the same derived inputs, every run
        for (const auto& f : files)
            corpus.push_back(readFile(f));
    }
    if (corpus.empty()) {
        std::fprintf(stderr, "replay: no corpus files\n");
        return 2;
    }
    try {
        run({});
        for (const Bytes& b : corpus) {
            run(b);
            for (std::size_t n = 0; n < b.size(); ++n) // every prefix
                run(Bytes(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(n)));
        }
        std::mt19937_64 g(20240611);
        for (int k = 0; k < 20000; ++k) {
            const Bytes& base = corpus[g() % corpus.size()];
            if (k % 10 == 9) { // splice two files
                const Bytes& other = corpus[g() % corpus.size()];
                Bytes b(base.begin(), base.begin() + static_cast<std::ptrdiff_t>(base.empty() ? 0 : g() % base.size()));
                b.insert(b.end(), other.begin() + static_cast<std::ptrdiff_t>(other.empty() ? 0 : g() % other.size()),
                         other.end());
                run(b);
            } else if (k % 50 == 49) { // random bytes
                Bytes b(g() % 256);
                for (auto& c : b)
                    c = someByte(g);
                run(b);
            } else {
                run(mutate(base, g));
            }
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "replay: an exception escaped the harness after %zu runs: %s\n", g_runs, e.what());
        return 1;
    }
    std::printf("replay: %zu inputs from %zu corpus files, no finding\n", g_runs, corpus.size());
    return 0;
}
