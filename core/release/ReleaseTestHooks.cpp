#include "core/release/ReleaseTestHooks.h"

#include "core/data/Errors.h"

#include <chrono>
#include <cstdlib>
#include <optional>
#include <string>
#include <thread>

namespace rr {
namespace {

std::optional<unsigned long long> hookValue(const char* name)
{
    const char* v = std::getenv(name);
    if (!v || !*v)
        return std::nullopt;
    return std::strtoull(v, nullptr, 10);
}

class HookedTarget : public ReleaseTarget {
public:
    HookedTarget(ReleaseTarget& inner, std::optional<unsigned long long> failAfter,
                 std::optional<unsigned long long> pauseAfter)
        : m_inner(inner), m_failAfter(failAfter), m_pauseAfter(pauseAfter)
    {}
    std::string name() const override { return m_inner.name(); }
    RecordFormat format() const override { return m_inner.format(); }
    std::string prepare() override { return m_inner.prepare(); }
    void write(const std::vector<ReleasedColumn>& columns, const RecordFeed& records,
               const StreamReleaseReport& report, std::vector<FileWrite> sideFiles, unsigned modeMask) override
    {
        const RecordFeed hooked = [&](const std::function<void(std::string_view)>& record) {
            unsigned long long n = 0;
            records([&](std::string_view r) {
                if (m_failAfter && n == *m_failAfter)
                    throw IoError("test hook RR_TEST_FAIL_AFTER_ROWS: failing after " + std::to_string(n) +
                                  " records");
                if (m_pauseAfter && n == *m_pauseAfter)
                    std::this_thread::sleep_for(std::chrono::seconds(5));
                record(r);
                ++n;
            });
        };
        m_inner.write(columns, hooked, report, std::move(sideFiles), modeMask);
    }

private:
    ReleaseTarget& m_inner;
    std::optional<unsigned long long> m_failAfter, m_pauseAfter;
};

} // namespace

std::unique_ptr<ReleaseTarget> releaseTestHooks(ReleaseTarget& target)
{
    const auto fail = hookValue("RR_TEST_FAIL_AFTER_ROWS");
    const auto pause = hookValue("RR_TEST_PAUSE_AFTER_ROWS");
    if (!fail && !pause)
        return nullptr;
    return std::make_unique<HookedTarget>(target, fail, pause);
}

} // namespace rr
