package batches

import (
	"encoding/base64"
	"errors"
	"io"
	"mime/multipart"
	"path"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server"
)

// Uploading a batch (spec 001 §2 "Upload dialog", §5 "Batch upload", §8 "Batch upload
// failure"). Without JavaScript the dialog is a page whose multipart form posts here; the
// answer is the same page in the state the dialog would show (accepted, failed). The
// BatchUpload island renders the same props and posts the same form through the API with
// the upload's progress.

// Words of the upload the spec does not give.
const (
	msgNotCSV         = "The file must be a CSV file"
	msgNameTooLong    = "Name must be at most 100 characters"
	msgApprovalNotice = "The batch needs approval before its payouts are processed."
	fieldFile         = "file"
	fieldName         = "name"
	fieldDuplicate    = "allow_duplicate"
)

// BatchUploadForm is the upload form: where it posts, the typed name, field errors (file,
// name) and, after a possible duplicate, the box that uploads it anyway.
type BatchUploadForm struct {
	Action        string            `json:"action"`
	API           string            `json:"api"`
	CSRF          string            `json:"csrf"`
	Name          string            `json:"name"`
	Errors        map[string]string `json:"errors"`
	Duplicate     bool              `json:"duplicate"`
	MaxBytes      int               `json:"maxBytes"`
	TemplateHref  string            `json:"templateHref"`
	ListHref      string            `json:"listHref"`
	AcceptedTypes string            `json:"acceptedTypes"`
	// ApprovalNotice is what an accepted upload says when batches need approval.
	ApprovalNotice string `json:"approvalNotice"`
}

// BatchUploadAccepted is the summary of an accepted upload (spec 001 §2).
type BatchUploadAccepted struct {
	Name           string `json:"name"`
	Type           string `json:"type"`
	Corridor       string `json:"corridor"`
	Total          int    `json:"total"`
	ViewBatch      string `json:"viewBatch"`
	ApprovalNotice string `json:"approvalNotice"`
}

// BatchUploadFailed is a refused upload: the detail lines, the closing sentence, and the
// error report as a download when rows were wrong.
type BatchUploadFailed struct {
	Details        []string `json:"details"`
	Footer         string   `json:"footer"`
	ReportHref     string   `json:"reportHref"`
	ReportFilename string   `json:"reportFilename"`
}

// BatchUploadProps are the BatchUpload island's props: the form, and the outcome of a
// submitted one (Accepted or Failed, both nil before).
type BatchUploadProps struct {
	// Dialog: the island is the list page's "Upload batch file" button and its dialog.
	Dialog   bool                 `json:"dialog"`
	Form     BatchUploadForm      `json:"form"`
	Accepted *BatchUploadAccepted `json:"accepted"`
	Failed   *BatchUploadFailed   `json:"failed"`
}

// BatchUploadPageProps are the props of templates/pages/batches/BatchUpload.tsx.
type BatchUploadPageProps struct {
	Shell  server.ShellProps `json:"shell"`
	Upload BatchUploadProps  `json:"upload"`
}

func (s area) uploadForm(c fiber.Ctx) BatchUploadForm {
	rq := server.Req(c)
	org := rq.Org.Org.ID
	f := BatchUploadForm{Action: s.base(org) + "/upload", API: "/api/v2" + apiBatchesPath(org), CSRF: rq.CSRF(),
		Errors: map[string]string{}, MaxBytes: provider.MaxBatchFileBytes, TemplateHref: s.base(org) + "/template",
		ListHref: s.base(org), AcceptedTypes: ".csv,text/csv"}
	if n := rq.Org.Config.BatchNumberOfApprovers; n > 0 {
		f.ApprovalNotice = msgApprovalNotice + " " + server.ApprovalsNeeded(n) + "."
	}
	return f
}

func (s area) renderUpload(c fiber.Ctx, status int, u BatchUploadProps) error {
	return s.Render(c, server.View{Status: status, Title: "Upload batch file · " + server.Req(c).Org.Org.Name,
		Page: pageBatchUpload.With(BatchUploadPageProps{Upload: u})})
}

func (s area) uploadPage(c fiber.Ctx) error {
	return s.renderUpload(c, fiber.StatusOK, BatchUploadProps{Form: s.uploadForm(c)})
}

// readUpload reads the form's file with the checks the island makes before sending (spec
// 001 §5): present, not empty, at most 2,097,152 bytes, a CSV by its name. The message is
// for the file field.
func readUpload(fh *multipart.FileHeader, err error) (content []byte, filename, msg string) {
	switch {
	case errors.Is(err, fiber.ErrNotFound), errors.Is(err, multipart.ErrMessageTooLarge), fh == nil && err != nil:
		return nil, "", provider.MsgBatchFileRequired
	case fh.Filename == "" && fh.Size == 0:
		return nil, "", provider.MsgBatchFileRequired
	case fh.Size == 0:
		return nil, fh.Filename, provider.MsgBatchFileNotPresent
	case fh.Size > provider.MaxBatchFileBytes:
		return nil, fh.Filename, provider.MsgBatchFileTooLarge
	case !strings.EqualFold(path.Ext(fh.Filename), ".csv"):
		return nil, fh.Filename, msgNotCSV
	}
	f, err := fh.Open()
	if err != nil {
		return nil, fh.Filename, provider.MsgBatchFileNotPresent
	}
	defer f.Close()
	content, err = io.ReadAll(io.LimitReader(f, provider.MaxBatchFileBytes+1))
	if err != nil {
		return nil, fh.Filename, provider.MsgBatchFileNotPresent
	}
	if len(content) > provider.MaxBatchFileBytes {
		return nil, fh.Filename, provider.MsgBatchFileTooLarge
	}
	return content, fh.Filename, ""
}

// upload is what the page and the API share: the form's checks, then the provider.
type uploadOutcome struct {
	status   int
	errors   map[string]string
	name     string
	result   provider.BatchUploadResult
	refusal  *provider.BatchUploadError
	internal error
}

func (s area) upload(c fiber.Ctx, orgID string, user *provider.User) uploadOutcome {
	out := uploadOutcome{errors: map[string]string{}, name: strings.TrimSpace(c.FormValue(fieldName))}
	if len([]rune(out.name)) > 100 {
		out.errors[fieldName] = msgNameTooLong
	}
	content, filename, msg := readUpload(c.FormFile(fieldFile))
	if msg != "" {
		out.errors[fieldFile] = msg
	}
	if len(out.errors) > 0 {
		out.status = fiber.StatusUnprocessableEntity
		return out
	}
	res, err := s.Batches.CreateBatch(c.Context(), orgID, provider.BatchUpload{Name: out.name, Filename: filename,
		Content: content, CreatedBy: user.ID, CreatorName: strings.TrimSpace(user.FirstName + " " + user.LastName),
		AllowDuplicate: c.FormValue(fieldDuplicate) != ""})
	var refusal *provider.BatchUploadError
	switch {
	case err == nil:
		out.status, out.result = fiber.StatusCreated, res
	case errors.As(err, &refusal):
		out.status, out.refusal = fiber.StatusUnprocessableEntity, refusal
		if refusal.Code == provider.ECONFLICT {
			out.status = fiber.StatusConflict
		}
	default:
		out.status, out.internal = fiber.StatusServiceUnavailable, err
	}
	return out
}

// failure is the failed state of a refusal (spec 001 §8): the detail lines, then which of
// the spec's two sentences, and the report as a download when rows were wrong.
func failure(e *provider.BatchUploadError) *BatchUploadFailed {
	f := &BatchUploadFailed{Details: e.Details, Footer: provider.MsgBatchFixData}
	if len(e.Report) > 0 {
		f.Footer = provider.MsgBatchFixReport
		f.ReportHref = "data:text/csv;charset=utf-8;base64," + base64.StdEncoding.EncodeToString(e.Report)
		f.ReportFilename = reportName(e.Filename)
	}
	return f
}

// reportName names the error report after the uploaded file.
func reportName(filename string) string {
	stem := strings.TrimSuffix(filename, path.Ext(filename))
	clean := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '-'
	}, stem)
	if clean == "" {
		clean = "batch"
	}
	return clean + "-errors.csv"
}

func (s area) accepted(orgID string, form BatchUploadForm, r provider.BatchUploadResult) *BatchUploadAccepted {
	return &BatchUploadAccepted{Name: r.Name, Type: r.Meta.LocalInstrument,
		Corridor: corridorText(r.Meta.Currency, r.Meta.Country, true), Total: r.Meta.TotalPayoutRequests,
		ViewBatch: s.batchPath(orgID, r.BatchID), ApprovalNotice: form.ApprovalNotice}
}

func (s area) uploadSubmit(c fiber.Ctx) error {
	rq := server.Req(c)
	out := s.upload(c, rq.Org.Org.ID, rq.User)
	u := BatchUploadProps{Form: s.uploadForm(c)}
	u.Form.Name, u.Form.Errors = out.name, out.errors
	switch {
	case out.internal != nil:
		s.Logger.Error("batch upload", "request_id", rq.ID, "err", out.internal)
		u.Failed = &BatchUploadFailed{Details: []string{"The batch could not be uploaded."}, Footer: provider.MsgBatchFixData}
	case out.refusal != nil:
		u.Failed = failure(out.refusal)
		u.Form.Duplicate = out.refusal.Code == provider.ECONFLICT
	case len(out.errors) == 0:
		u.Accepted = s.accepted(rq.Org.Org.ID, u.Form, out.result)
		out.status = fiber.StatusOK
	}
	return s.renderUpload(c, out.status, u)
}
