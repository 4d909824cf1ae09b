package payoutreports

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"regexp"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/paymentdoc"
	"portal/provider"
	"portal/server"
	"portal/server/exports"
)

// The payment document of a completed payout (spec 001 §2 "Actions"; spec 000 §2
// /preview/{previewMetadata}). The payouts page's details panel links to
// /org/{id}/payouts/{reference}/document/preview, which names the document in the spec's
// preview metadata (base64 JSON of filename, url and product) and goes to
// /preview/{previewMetadata}. That page trusts nothing in the metadata: the url must be
// exactly the document route of a payout of an organisation the user belongs to with
// exports:download, and the payout must be completed; anything else shows the spec's
// failure text. The spec generates the PDF in the browser; here the server writes it
// (package paymentdoc), and the preview shows the same pages as accessible HTML.

// documentPerms: seeing payouts, and downloading the payment document (spec 000 §6
// "exports:download (payment document)").
var documentPerms = []access.Permission{access.PayoutsRead, access.ExportsDownload}

// Texts of the preview page (spec 000 §2).
const (
	MsgPreviewFailed = "Failed to load document preview"
	MsgPreviewRetry  = "Please try to generate the document again"
)

// PreviewMetadata is the spec's previewMetadata, before base64.
type PreviewMetadata struct {
	Filename string `json:"filename"`
	URL      string `json:"url"`
	Product  string `json:"product"`
}

// EncodePreview is the /preview/ path segment of m: unpadded base64url, which needs no
// escaping in a path.
func EncodePreview(m PreviewMetadata) string {
	b, _ := json.Marshal(m)
	return base64.RawURLEncoding.EncodeToString(b)
}

// maxPreviewMetadata bounds what the page decodes.
const maxPreviewMetadata = 2048

// decodePreview reads previewMetadata in any base64 alphabet, padded or not.
func decodePreview(s string) (PreviewMetadata, bool) {
	var m PreviewMetadata
	if s == "" || len(s) > maxPreviewMetadata {
		return m, false
	}
	var raw []byte
	var err error
	for _, enc := range []*base64.Encoding{base64.RawURLEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.StdEncoding} {
		if raw, err = enc.DecodeString(s); err == nil {
			break
		}
	}
	if err != nil {
		return m, false
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if dec.Decode(&m) != nil || dec.More() {
		return m, false
	}
	return m, true
}

// documentPath is the only url a preview may load: this portal's document route of one
// payout. The organisation id is a UUID, the reference letters, digits and '-' (demo
// references have one).
var documentPath = regexp.MustCompile(`^/org/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/payouts/([A-Za-z0-9-]{1,64})/document$`)

// filenamePattern is a download name the page will show and offer.
var filenamePattern = regexp.MustCompile(`^[A-Za-z0-9._-]{1,120}\.pdf$`)

func (s area) documentURL(orgID, ref string) string { return s.Path("org.payout.document", orgID, ref) }

// PreviewPage is one page of the document as the preview shows it.
type PreviewPage struct {
	Number   int                  `json:"number"`
	Sections []paymentdoc.Section `json:"sections"`
}

// PreviewProps are the /preview page's. Failed: the metadata or the document did not load;
// the page then says so in the spec's words and nothing else.
type PreviewProps struct {
	Sandbox     bool          `json:"sandbox"`
	Failed      bool          `json:"failed"`
	Title       string        `json:"title"`
	Issuer      string        `json:"issuer"`
	Reference   string        `json:"reference"`
	Generated   string        `json:"generated"`
	Filename    string        `json:"filename"`
	DownloadURL string        `json:"downloadUrl"`
	BackURL     string        `json:"backUrl"`
	Pages       []PreviewPage `json:"pages"`
}

// documentPreview names the payout's document and goes to its preview.
func (s area) documentPreview(c fiber.Ctx) error {
	o := server.Req(c).Org
	p, err := s.Payouts.Payout(c.Context(), o.Org.ID, strings.Clone(c.Params("payout")))
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return s.NotFound(c)
	}
	if err != nil {
		return err
	}
	meta := PreviewMetadata{Filename: paymentdoc.Filename(p), URL: s.documentURL(o.Org.ID, p.UniqueReference), Product: provider.ProductName}
	return server.Redirect(c, "/preview/"+EncodePreview(meta))
}

// document loads a payout of orgID and lays out its payment document; a payout that is not
// completed is paymentdoc.ErrNotCompleted.
func (s area) document(c fiber.Ctx, org provider.Organisation, ref string) (provider.PayoutRequest, paymentdoc.Document, error) {
	p, err := s.Payouts.Payout(c.Context(), org.ID, ref)
	if err != nil {
		return p, paymentdoc.Document{}, err
	}
	d, err := paymentdoc.Build(p, org, s.Now())
	return p, d, err
}

// documentPDF is the PDF download of a completed payout's payment document.
func (s area) documentPDF(c fiber.Ctx) error {
	o := server.Req(c).Org
	p, d, err := s.document(c, o.Org, strings.Clone(c.Params("payout")))
	switch {
	case provider.ErrorCode(err) == provider.ENOTFOUND || err == paymentdoc.ErrNotCompleted:
		return s.NotFound(c)
	case err != nil:
		return err
	}
	var buf bytes.Buffer
	if err := paymentdoc.WritePDF(&buf, d); err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, "application/pdf")
	c.Set(fiber.HeaderContentDisposition, exports.Disposition(paymentdoc.Filename(p)))
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Status(fiber.StatusOK).Send(buf.Bytes())
}

// preview is /preview/{previewMetadata}.
func (s area) preview(c fiber.Ctx) error {
	props, ok := s.previewProps(c)
	if !ok {
		return s.Render(c, server.View{Status: fiber.StatusNotFound, Title: MsgPreviewFailed,
			Page: pageDocumentPreview.With(PreviewProps{Sandbox: s.Config.Sandbox(), Failed: true, BackURL: "/", Pages: []PreviewPage{}})})
	}
	return s.Render(c, server.View{Title: "Preview · " + props.Filename, Page: pageDocumentPreview.With(props)})
}

// previewProps checks the metadata and loads the document it names; false for anything
// that is not a completed payout's document that this user may download.
func (s area) previewProps(c fiber.Ctx) (PreviewProps, bool) {
	var none PreviewProps
	m, ok := decodePreview(c.Params("meta"))
	if !ok || m.Product != provider.ProductName || !filenamePattern.MatchString(m.Filename) || s.Payouts == nil {
		return none, false
	}
	parts := documentPath.FindStringSubmatch(m.URL)
	if parts == nil {
		return none, false
	}
	orgID, ref := parts[1], parts[2]
	mem, err := s.Provider.Membership(c.Context(), server.Req(c).User.ID, orgID)
	if err != nil {
		if provider.ErrorCode(err) != provider.ENOTFOUND {
			s.Logger.Error("preview membership", "request_id", server.Req(c).ID, "err", err)
		}
		return none, false
	}
	perms := access.For(mem.Role)
	for _, p := range documentPerms {
		if !perms.Has(p) {
			return none, false
		}
	}
	p, d, err := s.document(c, mem.Organisation, ref)
	if err != nil {
		if code := provider.ErrorCode(err); code != provider.ENOTFOUND && code != provider.ECONFLICT {
			s.Logger.Error("preview document", "request_id", server.Req(c).ID, "err", err)
		}
		return none, false
	}
	props := PreviewProps{Sandbox: s.Config.Sandbox(), Title: d.Title, Issuer: d.Issuer, Reference: d.Reference, Generated: d.Generated.Format("02-01-2006 15:04 UTC"),
		Filename: paymentdoc.Filename(p), DownloadURL: s.documentURL(orgID, p.UniqueReference), BackURL: s.Path("org.payouts", orgID),
		Pages: []PreviewPage{}}
	for _, pg := range d.Pages {
		props.Pages = append(props.Pages, PreviewPage{Number: pg.Number, Sections: pg.Sections})
	}
	return props, true
}
