#include "core/session/ReleaseLog.h"

#include "core/release/FileReleaseTarget.h"
#include "core/data/Errors.h"
#include "core/data/InputFile.h"
#include "core/session/JsonLimits.h"

#include <sodium.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <map>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rr {
namespace {

// An entry is shallow: an object of arrays of objects.
constexpr int kMaxEntryDepth = 4;

std::optional<double> optionalNumber(const nlohmann::json& j, const char* key)
{
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number())
        return std::nullopt;
    return it->get<double>();
}

std::optional<ReleaseLogEntry> entryOf(const nlohmann::json& j)
{
    if (!j.is_object() || !j.contains("when") || !j["when"].is_string() || !j.contains("attributes") ||
        !j["attributes"].is_array())
        return std::nullopt;
    ReleaseLogEntry e;
    e.when = j["when"].get<std::string>();
    if (const auto it = j.find("outputs"); it != j.end() && it->is_array())
        for (const auto& o : *it)
            if (o.is_string())
                e.outputs.push_back(o.get<std::string>());
    if (const auto it = j.find("records"); it != j.end() && it->is_number_unsigned())
        e.records = it->get<std::size_t>();
    for (const auto& a : j["attributes"]) {
        if (!a.is_object() || !a.contains("name") || !a["name"].is_string() || !a.contains("fingerprint") ||
            !a["fingerprint"].is_string())
            return std::nullopt;
        e.attributes.push_back({a["name"].get<std::string>(), a["fingerprint"].get<std::string>(),
                                optionalNumber(a, "p"), optionalNumber(a, "epsilon")});
    }
    return e;
}

nlohmann::json optionalJson(const std::optional<double>& v)
{
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

void appendAll(int fd, const std::string& text, const std::string& path)
{
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            throw IoError("cannot write the release log '" + path + "': " + std::strerror(errno));
        done += static_cast<std::size_t>(n);
    }
}

} // namespace

std::string defaultReleaseLogPath()
{
    const char* data = std::getenv("XDG_DATA_HOME");
    if (data && data[0] == '/')
        return std::string(data) + "/rr-explorer/releases.jsonl";
    const char* home = std::getenv("HOME");
    if (home && home[0] == '/')
        return std::string(home) + "/.local/share/rr-explorer/releases.jsonl";
    return {};
}

std::string columnFingerprint(const std::vector<std::string>& categories, const std::vector<double>& counts,
                              double missing)
{
    std::vector<std::pair<std::string, double>> pairs;
    for (std::size_t k = 0; k < categories.size(); ++k)
        if (k < counts.size() && counts[k] > 0)
            pairs.emplace_back(categories[k], counts[k]);
    std::sort(pairs.begin(), pairs.end());
    // Each value with its length first, so no two lists of values spell the same bytes.
    std::string bytes;
    for (const auto& [value, count] : pairs) {
        bytes += std::to_string(value.size()) + ':' + value + '=' + std::to_string(static_cast<long long>(count)) + ';';
    }
    bytes += "missing=" + std::to_string(static_cast<long long>(missing));
    unsigned char hash[16];
    if (sodium_init() < 0 ||
        crypto_generichash(hash, sizeof hash, reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(),
                           nullptr, 0) != 0)
        throw IoError("cannot compute a release fingerprint: libsodium failed");
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (const unsigned char c : hash) {
        out += hex[c >> 4];
        out += hex[c & 15];
    }
    return out;
}

ReleasedAttribute releasedAttribute(const AttributeSummary& counted, std::optional<double> p,
                                    const EpsilonValue& epsilon)
{
    ReleasedAttribute a;
    a.name = counted.name;
    a.fingerprint = columnFingerprint(counted.categories, counted.counts, counted.missing);
    a.p = p;
    if (epsilon.guaranteed)
        a.epsilon = epsilon.value;
    return a;
}

std::vector<ReleaseLogEntry> readReleaseLog(const std::string& path, std::size_t* skipped)
{
    if (skipped)
        *skipped = 0;
    std::error_code ec;
    if (path.empty() || !std::filesystem::exists(path, ec))
        return {};
    checkInputFile(path, "the release log");
    const std::string text = readFileBounded(path, kMaxReleaseLogBytes, "the release log");
    std::vector<ReleaseLogEntry> entries;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos)
            end = text.size();
        const std::string line = text.substr(start, end - start);
        start = end + 1;
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        std::optional<ReleaseLogEntry> e;
        try {
            const auto j = nlohmann::json::parse(line, session::depthLimit("the release log", kMaxEntryDepth), false);
            e = entryOf(j);
        } catch (const InputError&) {
        }
        if (e)
            entries.push_back(std::move(*e));
        else if (skipped)
            ++*skipped;
    }
    return entries;
}

void appendReleaseLog(const std::string& path, const ReleaseLogEntry& entry)
{
    checkNotKernelFile(path);
    checkNameLengths(path);
    const std::filesystem::path folder = std::filesystem::path(path).parent_path();
    std::error_code ec;
    if (!folder.empty() && !std::filesystem::exists(folder, ec)) {
        std::filesystem::create_directories(folder, ec);
        if (ec)
            throw IoError("cannot make the release log's folder '" + folder.string() + "': " + ec.message());
        ::chmod(folder.c_str(), 0700);
    }
    const int fd = ::open(path.c_str(), O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0600);
    if (fd < 0)
        throw IoError("cannot open the release log '" + path + "': " + std::strerror(errno));
    struct stat st {};
    const auto fail = [&](const std::string& why) {
        ::close(fd);
        throw IoError("cannot write the release log '" + path + "': " + why);
    };
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        fail("it is not a regular file");
    if (::flock(fd, LOCK_EX) != 0)
        fail(std::strerror(errno));
    // A line cut short by a crash is ended first, so this entry starts a line of its own.
    char last = '\n';
    if (::fstat(fd, &st) != 0) // the size under the lock
        fail(std::strerror(errno));
    const bool cut = st.st_size > 0 && ::pread(fd, &last, 1, st.st_size - 1) == 1 && last != '\n';
    try {
        appendAll(fd, (cut ? "\n" : "") + toJson(entry).dump() + "\n", path);
    } catch (const IoError&) {
        ::close(fd);
        throw;
    }
    if (::fsync(fd) != 0)
        fail(std::strerror(errno));
    ::close(fd); // releases the lock
}

void checkReleaseLogPlace(const std::string& path, const std::vector<std::string>& outputs)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path folder = fs::weakly_canonical(fs::absolute(fs::path(path)).parent_path(), ec);
    for (const std::string& out : outputs) {
        if (sameOutputFile(out, path))
            throw InputError("the release log '" + path + "' is also an output: give it a file of its own");
        std::error_code e2;
        const fs::path outFolder = fs::weakly_canonical(fs::absolute(fs::path(out)).parent_path(), e2);
        if (!ec && !e2 && folder == outFolder)
            throw InputError("the release log '" + path + "' would sit beside the release '" + out +
                             "', where it could be published with it: keep it in another folder");
    }
}

std::vector<ReleaseLogEntry> previousReleases(const std::vector<ReleaseLogEntry>& log, const ReleaseLogEntry& current)
{
    std::vector<ReleaseLogEntry> out;
    for (const ReleaseLogEntry& e : log) {
        const bool shared = std::any_of(e.attributes.begin(), e.attributes.end(), [&](const ReleasedAttribute& a) {
            return std::any_of(current.attributes.begin(), current.attributes.end(),
                               [&](const ReleasedAttribute& c) { return c.fingerprint == a.fingerprint; });
        });
        if (shared)
            out.push_back(e);
    }
    return out;
}

nlohmann::json previousReleasesJson(const std::vector<ReleaseLogEntry>& previous, const ReleaseLogEntry& current)
{
    nlohmann::json j = nlohmann::json::object();
    if (previous.empty())
        return j;
    nlohmann::json list = nlohmann::json::array();
    std::map<std::string, std::optional<double>> combined; // by the current attribute's name
    for (const ReleasedAttribute& c : current.attributes)
        combined[c.name] = c.epsilon;
    for (const ReleaseLogEntry& e : previous) {
        nlohmann::json item{{"when", e.when}, {"outputs", e.outputs}};
        nlohmann::json p = nlohmann::json::object(), eps = nlohmann::json::object();
        for (const ReleasedAttribute& a : e.attributes)
            for (const ReleasedAttribute& c : current.attributes) {
                if (a.fingerprint != c.fingerprint)
                    continue;
                p[c.name] = optionalJson(a.p);
                eps[c.name] = optionalJson(a.epsilon);
                std::optional<double>& sum = combined[c.name];
                sum = sum && a.epsilon ? std::optional(*sum + *a.epsilon) : std::nullopt;
            }
        item["p"] = p;
        item["epsilon"] = eps;
        list.push_back(std::move(item));
    }
    j["previous_releases"] = std::move(list);
    nlohmann::json sums = nlohmann::json::object();
    for (const ReleasedAttribute& c : current.attributes)
        sums[c.name] = optionalJson(combined[c.name]);
    j["combined_epsilon"] = std::move(sums);
    return j;
}

std::string previousReleasesWarning(const std::vector<ReleaseLogEntry>& previous, const ReleaseLogEntry& current)
{
    if (previous.empty())
        return {};
    std::string where;
    for (const ReleaseLogEntry& e : previous) {
        where += where.empty() ? "" : "; ";
        std::string when = e.when; // "2026-12-03T07:10:00Z" as "2026-12-03 07:10:00 UTC"
        if (when.size() == 20 && when[10] == 'T' && when.back() == 'Z')
            when = when.substr(0, 10) + ' ' + when.substr(11, 8) + " UTC";
        where += when;
        if (!e.outputs.empty())
            where += " to " + std::filesystem::path(e.outputs.front()).filename().string() +
                     (e.outputs.size() > 1 ? " and " + std::to_string(e.outputs.size() - 1) + " more" : "");
    }
    const nlohmann::json sums = previousReleasesJson(previous, current)["combined_epsilon"];
    std::string levels;
    for (const ReleasedAttribute& c : current.attributes) {
        const bool shared = std::any_of(previous.begin(), previous.end(), [&](const ReleaseLogEntry& e) {
            return std::any_of(e.attributes.begin(), e.attributes.end(),
                               [&](const ReleasedAttribute& a) { return a.fingerprint == c.fingerprint; });
        });
        if (!shared)
            continue;
        char value[32];
        std::snprintf(value, sizeof value, "%.2f", sums[c.name].is_number() ? sums[c.name].get<double>() : 0.0);
        levels += (levels.empty() ? "" : ", ") + c.name + " " +
                  (sums[c.name].is_number() ? std::string("epsilon ") + value : std::string("no guarantee"));
    }
    return "values of these records were released before (" + where +
           "): anyone holding both releases can combine the draws, which protects less than either alone (all "
           "draws together: " + levels + "). Publish the earlier release again instead, or accept this knowingly";
}

ReleaseLogEntry releaseLogEntry(const ReleaseSummary& summary, const SourceSummary& source,
                                std::vector<std::string> outputs)
{
    ReleaseLogEntry entry;
    entry.when = utcNow();
    entry.outputs = std::move(outputs);
    entry.records = summary.releasedRows;
    for (const ReleaseColumn* c : summary.randomized())
        entry.attributes.push_back(releasedAttribute(source.attribute(c->name), c->p, c->epsilon));
    return entry;
}

nlohmann::json toJson(const ReleaseLogEntry& entry)
{
    nlohmann::json attributes = nlohmann::json::array();
    for (const ReleasedAttribute& a : entry.attributes)
        attributes.push_back(
            {{"name", a.name}, {"fingerprint", a.fingerprint}, {"p", optionalJson(a.p)}, {"epsilon", optionalJson(a.epsilon)}});
    return {{"when", entry.when}, {"outputs", entry.outputs}, {"records", entry.records}, {"attributes", attributes}};
}

std::string utcNow()
{
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return text;
}

} // namespace rr
