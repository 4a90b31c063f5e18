// libFuzzer harness for the direct Stata reader (core/statfiles DtaLayout, DtaScan), differential: any bytes
// as a scratch .dta, opened with the records read directly and with ReadStat only. Both refuse (InputError)
// or both open; whenever the direct path takes the file, the summary, its details, summarize and
// aggregate (both missing-value policies) equal ReadStat's bitwise, or both refuse.
// Build: see CMakeLists.txt here (fuzz_replay_dta_direct in every test build, fuzz_dta_direct with RR_BUILD_FUZZ).
#include "core/data/Errors.h"
#include "core/statfiles/StatFileSource.h"
#include "tests/fuzz/ScratchFile.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

namespace {

void check(bool ok)
{
    if (!ok)
        std::abort();
}

using Source = std::shared_ptr<const rr::StatFileSource>;

Source openOrNull(const std::string& path, rr::StatFileReading reading)
{
    try {
        return rr::StatFileSource::open(path, rr::StatFormat::Dta, {}, reading);
    } catch (const rr::InputError&) {
        return nullptr;
    }
}

void sameSummary(const rr::StatFileSource& a, const rr::StatFileSource& b)
{
    const rr::SourceSummary &x = a.summary(), &y = b.summary();
    check(x.rows == y.rows && x.attributes.size() == y.attributes.size());
    for (std::size_t i = 0; i < x.attributes.size(); ++i) {
        const auto &p = x.attributes[i], &q = y.attributes[i];
        check(p.name == q.name && p.categories == q.categories && p.counts == q.counts && p.missing == q.missing);
        const auto *dp = a.attributeDetails(p.name), *dq = b.attributeDetails(q.name);
        check(dp && dq && dp->systemMissing == dq->systemMissing && dp->taggedMissing == dq->taggedMissing &&
              dp->codes == dq->codes && dp->label == dq->label);
    }
}

// The outcome of a counting call as comparable values: "refused" for InputError.
template <class F>
auto outcome(F f) -> std::unique_ptr<decltype(f())>
{
    try {
        return std::make_unique<decltype(f())>(f());
    } catch (const rr::InputError&) {
        return nullptr;
    }
}

void sameCounts(const rr::StatFileSource& a, const rr::StatFileSource& b)
{
    std::vector<std::string> names;
    for (const auto& attr : a.summary().attributes)
        if (names.size() < 3)
            names.push_back(attr.name);
    if (names.empty())
        return;
    for (rr::MissingPolicy policy : {rr::MissingPolicy::DropIfUsedMissing, rr::MissingPolicy::DropIncomplete}) {
        const auto ta = outcome([&] { return a.aggregate(names, policy); });
        const auto tb = outcome([&] { return b.aggregate(names, policy); });
        check(!ta == !tb);
        if (ta) {
            check(ta->dims == tb->dims && ta->categories == tb->categories && ta->loadedRows == tb->loadedRows &&
                  ta->droppedRows == tb->droppedRows && ta->records == tb->records);
            check(ta->joint.counts().size() == tb->joint.counts().size());
            for (Eigen::Index i = 0; i < ta->joint.counts().size(); ++i)
                check(ta->joint.counts()[i] == tb->joint.counts()[i]);
        }
        const auto ka = outcome([&] { return a.summarize({}, policy); });
        const auto kb = outcome([&] { return b.summarize({}, policy); });
        check(!ka == !kb);
        if (ka) {
            check(ka->rows == kb->rows && ka->droppedRows == kb->droppedRows &&
                  ka->attributes.size() == kb->attributes.size());
            for (std::size_t i = 0; i < ka->attributes.size(); ++i)
                check(ka->attributes[i].categories == kb->attributes[i].categories &&
                      ka->attributes[i].counts == kb->attributes[i].counts);
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size > (std::size_t(1) << 20))
        return 0;
    static const std::string path = rr::fuzz::makeScratchFile(".dta");
    rr::fuzz::putScratch(path, std::string_view(reinterpret_cast<const char*>(data), size));
    const Source fast = openOrNull(path, rr::StatFileReading::Direct);
    const Source slow = openOrNull(path, rr::StatFileReading::ReadStatOnly);
    check(!fast == !slow); // both refuse or both open
    if (!fast || !fast->readsDirectly())
        return 0;
    sameSummary(*fast, *slow);
    sameCounts(*fast, *slow);
    return 0;
}
