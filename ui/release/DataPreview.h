#pragma once
// The Data tab's randomized preview: the first released records drawn from a seeded generator (reproducible,
// never for release), computed off the GUI thread from the same plan as File > Release randomized table.
// At most kPreviewRecords records, whatever the source holds.
#include "core/datasource/DataSource.h"
#include "core/release/Release.h"
#include "ui/tasks/BackgroundTask.h"

#include <QObject>

#include <cstdint>
#include <memory>

namespace rr::ui {

// The records a preview draws at most: a page of the Data tab.
inline constexpr std::size_t kPreviewRecords = 100'000;

class DataPreview : public QObject {
    Q_OBJECT
public:
    explicit DataPreview(QObject* parent = nullptr);
    ~DataPreview() override;

    // Draws the release of `choice` from records of `source` with seed `seed`; supersedes a running draw.
    void request(std::shared_ptr<const DataSource> source, std::shared_ptr<const PreparedAnalysis> analysis,
                 const ReleaseChoice& choice, std::uint64_t seed,
                 std::shared_ptr<const SeveralSensitiveAnalysis> several = nullptr);
    void cancel() { m_task.cancel(); }
    BackgroundTask* task() { return &m_task; }

signals:
    // `changed`: values the draw changed; `randomized`: the randomized columns, named; `released`: records
    // the whole release holds (the table holds the first of them).
    void ready(std::shared_ptr<const rr::Table> table, qulonglong changed, const QString& randomized,
               qulonglong released);
    void failed(const QString& message);

private:
    BackgroundTask m_task{tr("Randomized preview")};
};

} // namespace rr::ui
