#include "ui/release/DataPreview.h"

#include <QStringList>

namespace rr::ui {

DataPreview::DataPreview(QObject* parent) : QObject(parent)
{
    connect(&m_task, &BackgroundTask::failed, this, [this](const QString&, const QString& m) { emit failed(m); });
}

DataPreview::~DataPreview()
{
    m_task.shutdown();
}

void DataPreview::request(std::shared_ptr<const DataSource> source, std::shared_ptr<const PreparedAnalysis> analysis,
                          const ReleaseChoice& choice, std::uint64_t seed,
                          std::shared_ptr<const SeveralSensitiveAnalysis> several)
{
    m_task.start([this, source, analysis, choice, seed, several](TaskControl& control) -> BackgroundTask::Completion {
        std::vector<std::string> columns;
        for (const AttributeSummary& a : source->summary().attributes)
            columns.push_back(a.name);
        const ReleaseSummary summary = summarizeRelease(*analysis, columns, choice, several.get());
        RandomSource rng = RandomSource::seeded(seed);
        ReleasePreview preview = previewRelease(*source, summary, analysis->spec, rng, kPreviewRecords,
                                                [&control](double f) {
                                                    control.setProgress(static_cast<int>(f * 100), 100);
                                                    return !control.isCanceled();
                                                });
        auto table = std::make_shared<const Table>(std::move(preview.table));
        const qulonglong released = preview.whole ? table->rowCount() : summary.releasedRows;
        QStringList names;
        for (const ReleaseColumn* c : summary.randomized())
            names << QString::fromStdString(c->name);
        const qulonglong changed = preview.report.changedValues;
        const QString randomized = names.join(", ");
        return [this, table, changed, randomized, released]() { emit ready(table, changed, randomized, released); };
    });
}

} // namespace rr::ui
